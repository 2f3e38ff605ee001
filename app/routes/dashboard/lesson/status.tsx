import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/status";
import { lessonInvalid } from "~/features/lessons/lesson-answers.server";
import { updateLesson } from "~/features/lessons/lessons.server";
import { LessonPage } from "~/features/lessons/components/lesson-page";
import type { LessonPageData } from "~/features/lessons/lesson-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { notFound } from "~/lib/not-found";

const StatusSchema = z.object({ intent: z.enum(["done", "planned"]) });

/**
 * Marking the lesson done or planned again: the one button of the page's header whose label
 * and intent flip with the lesson's status, and Finish at the end of run mode.
 * One form per route module (issue 20): the lesson page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../lesson.tsx).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), StatusSchema);
  if (!parsed.ok) return lessonInvalid(parsed);
  if (!(await updateLesson(services, user.id, params.id, { status: parsed.data.intent })))
    notFound(request);
  return null;
}

export default function LessonStatus({ actionData }: Route.ComponentProps) {
  return <LessonPage loaded={useOutletContext<LessonPageData>()} posted={actionData} />;
}
