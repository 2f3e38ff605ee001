import { useOutlet } from "react-router";
import type { Route } from "./+types/students";
import { StudentsPage } from "~/features/students/components/students-page";
import { studentsPageData } from "~/features/students/students-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/**
 * /dashboard/students: the roster and classes; ?student={id} opens one student with their
 * history. The page has no action: each form posts to its own child route (students/new,
 * update, archive, import-check, import, new-class; one form per route module, issue 20).
 * With JavaScript the forms post through one fetcher and answer in place; without it the
 * browser lands on the child route, which renders this page with the form's answer.
 */
export const handle = { dashboard: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return studentsPageData(getServices(context), user.id, request);
}

export default function StudentsRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <StudentsPage loaded={loaderData} />;
}
