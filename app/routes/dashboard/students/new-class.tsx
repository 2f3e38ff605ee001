import { useOutletContext, href } from "react-router";
import type { Route } from "./+types/new-class";
import { redirect } from "react-router";
import { createClass } from "~/features/classes/classes.server";
import { ClassSchema } from "~/features/classes/class-schema";
import { StudentsPage } from "~/features/students/components/students-page";
import type { StudentsPageData } from "~/features/students/students-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { formFailure, parseForm } from "~/lib/forms";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";

/**
 * Creating a class from the students page; the class's page opens.
 * One form per route module (issue 20): the students page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../students.tsx).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), ClassSchema);
  if (!parsed.ok) return formFailure({ ...parsed, intent: "new-class" as const });
  const classId = await createClass(services, user.id, parsed.data);
  return redirect(href("/class/:id", { id: classId }));
}

export default function NewClass({ actionData }: Route.ComponentProps) {
  return <StudentsPage loaded={useOutletContext<StudentsPageData>()} posted={actionData} />;
}
