import { useOutletContext } from "react-router";
import type { Route } from "./+types/import";
import { importRoster, MAX_IMPORT_FORM_BYTES } from "~/features/students/students-page.server";
import { StudentsPage } from "~/features/students/components/students-page";
import type { StudentsPageData } from "~/features/students/students-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";

/**
 * The second step of the CSV import: the previewed text is checked again and its good rows
 * are saved.
 * One form per route module (issue 20): the students page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../students.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const form = await readForm(request, MAX_IMPORT_FORM_BYTES);
  return importRoster(services, user.id, form, true);
}

export default function ImportStudents({ actionData }: Route.ComponentProps) {
  return <StudentsPage loaded={useOutletContext<StudentsPageData>()} posted={actionData} />;
}
