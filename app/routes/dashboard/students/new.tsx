import { useOutletContext, href } from "react-router";
import type { Route } from "./+types/new";
import { redirect } from "react-router";
import { StudentSchema } from "~/features/students/schemas";
import { createStudent } from "~/features/students/students.server";
import { formFailure, parseForm } from "~/lib/forms";
import { StudentsPage } from "~/features/students/components/students-page";
import type { StudentsPageData } from "~/features/students/students-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";

/**
 * Adding a student to the roster; the new student's page opens.
 * One form per route module (issue 20): the students page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../students.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), StudentSchema);
  if (!parsed.ok)
    return formFailure({ intent: "create" as const, errors: parsed.errors, values: parsed.values });
  const id = await createStudent(services, user.id, parsed.data);
  return redirect(`${href("/dashboard/students")}?student=${id}`);
}

export default function NewStudent({ actionData }: Route.ComponentProps) {
  return <StudentsPage loaded={useOutletContext<StudentsPageData>()} posted={actionData} />;
}
