import { redirect, useOutletContext, href } from "react-router";
import type { Route } from "./+types/duplicate";
import { duplicateLesson } from "~/features/lessons/lessons.server";
import { LessonPage } from "~/features/lessons/components/lesson-page";
import type { LessonPageData } from "~/features/lessons/lesson-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";
import { notFound } from "~/lib/not-found";

/**
 * Duplicate: a copy of the lesson (plan, notes, homework) opens in its place.
 * One form per route module (issue 20): the lesson page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../lesson.tsx).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const copy = await duplicateLesson(getServices(context), user.id, params.id);
  if (!copy) notFound(request);
  return redirect(href("/dashboard/lessons/:id", { id: copy }));
}

export default function DuplicateLesson({ actionData }: Route.ComponentProps) {
  return <LessonPage loaded={useOutletContext<LessonPageData>()} posted={actionData} />;
}
