import { useOutletContext } from "react-router";
import type { Route } from "./+types/update";
import { z } from "~/lib/zod";
import { StudentSchema } from "~/features/students/schemas";
import { updateStudent } from "~/features/students/students.server";
import { formFailure, parseForm } from "~/lib/forms";
import { notFound } from "~/lib/not-found";
import { StudentsPage } from "~/features/students/components/students-page";
import type { StudentsPageData } from "~/features/students/students-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";

/**
 * Saving a student's details (only the teacher's own students: another's answers 404).
 * One form per route module (issue 20): the students page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../students.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const form = await readForm(request);
  const id = z.string().max(100).safeParse(form.get("id"));
  const parsed = parseForm(form, StudentSchema);
  if (!parsed.ok)
    return formFailure({ intent: "update" as const, errors: parsed.errors, values: parsed.values });
  if (!id.success || !(await updateStudent(services, user.id, id.data, parsed.data)))
    notFound(request);
  return { intent: "saved" as const };
}

export default function UpdateStudent({ actionData }: Route.ComponentProps) {
  return <StudentsPage loaded={useOutletContext<StudentsPageData>()} posted={actionData} />;
}
