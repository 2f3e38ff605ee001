import { useOutletContext } from "react-router";
import type { Route } from "./+types/import-check";
import { importRoster, MAX_IMPORT_FORM_BYTES } from "~/features/students/students-page.server";
import { StudentsPage } from "~/features/students/components/students-page";
import type { StudentsPageData } from "~/features/students/students-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";

/**
 * The first step of the CSV import: the file or pasted text is checked, row by row, and
 * shown as a preview; nothing is saved.
 * One form per route module (issue 20): the students page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../students.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const form = await readForm(request, MAX_IMPORT_FORM_BYTES);
  return importRoster(services, user.id, form, false);
}

export default function ImportCheck({ actionData }: Route.ComponentProps) {
  return <StudentsPage loaded={useOutletContext<StudentsPageData>()} posted={actionData} />;
}
