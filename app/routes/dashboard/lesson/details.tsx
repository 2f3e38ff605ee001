import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/details";
import { lessonInvalid } from "~/features/lessons/lesson-answers.server";
import { updateLesson } from "~/features/lessons/lessons.server";
import { isTimeZone, zonedTimeToUtc } from "~/lib/time-zone";
import { LessonPage } from "~/features/lessons/components/lesson-page";
import type { LessonPageData } from "~/features/lessons/lesson-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { notFound } from "~/lib/not-found";
import { refuse } from "~/lib/errors";
import { formDone } from "~/lib/forms";

const DetailsSchema = z.object({
  title: z.string().trim().min(1).max(160),
  date: z.string(),
  time: z.string(),
  timeZone: z.string().refine(isTimeZone),
  notes: z.string().trim().max(5000).default(""),
  homework: z.string().trim().max(2000).default(""),
});

/**
 * The lesson's details form: title, date and time (in the lesson's time zone), homework
 * and notes.
 * One form per route module (issue 20): the lesson page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../lesson.tsx).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), DetailsSchema);
  if (!parsed.ok) return lessonInvalid(parsed);
  const { title, date, time, timeZone, notes, homework } = parsed.data;
  const startsAt = zonedTimeToUtc(date, time, timeZone);
  if (!startsAt) return refuse("lessons", "when");
  const input = { title, startsAt, timeZone, notes, homework };
  if (!(await updateLesson(services, user.id, params.id, input))) notFound(request);
  return formDone("lessons.saved");
}

export default function LessonDetailsForm({ actionData }: Route.ComponentProps) {
  return <LessonPage loaded={useOutletContext<LessonPageData>()} posted={actionData} />;
}
