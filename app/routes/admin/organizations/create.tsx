import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/create";
import {
  AdminSchoolsPage,
  type AdminSchoolsData,
} from "~/features/schools/components/admin-schools-page";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { refuse } from "~/lib/errors";
import { formDone } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { MAX_SCHOOL_SEATS } from "~/features/membership/prices";
import { createSchool, SchoolActionError } from "~/features/schools/schools.server";
import { audit } from "~/lib/audit.server";

const CreateSchema = z.object({
  intent: z.literal("create"),
  name: z.string().trim().min(2).max(120),
  ownerEmail: z.email().max(254),
  seats: z.coerce.number().int().min(1).max(MAX_SCHOOL_SEATS),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/)
    .transform((v) => v || null),
});

/** A new school for an existing teacher, who becomes its owner (issue 20: its own route). */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const parsed = CreateSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("adminSchools", "invalid");
  try {
    const id = await createSchool(getServices(context), parsed.data);
    await audit(getServices(context), admin, "school.create", id, {
      name: parsed.data.name,
      owner: parsed.data.ownerEmail,
      seats: parsed.data.seats,
    });
    return formDone("adminSchools.created");
  } catch (error) {
    if (!(error instanceof SchoolActionError)) throw error;
    return refuse("adminSchools", error.code === "no-user" ? "no-user" : "in-another-school");
  }
}

export default function CreateSchool({ actionData }: Route.ComponentProps) {
  return <AdminSchoolsPage loaded={useOutletContext<AdminSchoolsData>()} posted={actionData} />;
}
