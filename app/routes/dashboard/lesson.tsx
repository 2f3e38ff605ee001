import { useOutlet } from "react-router";
import type { Route } from "./+types/lesson";
import { LessonPage } from "~/features/lessons/components/lesson-page";
import { lessonPageData } from "~/features/lessons/lesson-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

export const handle = { dashboard: true };

/**
 * /dashboard/lessons/{id}: the plan of one lesson (exercises, materials, steps with minutes),
 * the exercise picker (the student's level and "not used with this student" by default),
 * notes and homework; ?run=N walks the plan one item at a time. The page has no action: each
 * form posts to its own child route (lessons/{id}/add-item, add-step, minutes, item, details,
 * status, duplicate, delete; one form per route module, issue 20). With JavaScript the forms
 * post through one fetcher and answer in place; without it the browser lands on the child
 * route, which renders this page with the form's answer.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return lessonPageData(getServices(context), user, params.id, request);
}

export default function LessonRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <LessonPage loaded={loaderData} />;
}
