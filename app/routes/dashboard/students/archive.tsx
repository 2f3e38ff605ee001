import { useOutletContext } from "react-router";
import type { Route } from "./+types/archive";
import { data, redirect } from "react-router";
import { z } from "~/lib/zod";
import { setArchived } from "~/features/students/students.server";
import { notFound } from "~/lib/not-found";

const ArchiveSchema = z.object({
  intent: z.enum(["archive", "restore"]),
  id: z.string().min(1).max(100),
});
import { StudentsPage } from "~/features/students/components/students-page";
import type { StudentsPageData } from "~/features/students/students-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";

/**
 * Archiving a student, or restoring an archived one: the one button of the student's page,
 * whose label and intent flip with the row's state, so both live in one route.
 * One form per route module (issue 20): the students page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../students.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = ArchiveSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data(null, { status: 400, statusText: "Unknown action" });
  const { intent, id } = parsed.data;
  if (!(await setArchived(services, user.id, id, intent === "archive"))) notFound(request);
  return redirect(
    intent === "archive" ? "/dashboard/students" : `/dashboard/students?student=${id}`,
  );
}

export default function ArchiveStudent({ actionData }: Route.ComponentProps) {
  return <StudentsPage loaded={useOutletContext<StudentsPageData>()} posted={actionData} />;
}
