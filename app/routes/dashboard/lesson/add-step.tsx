import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/add-step";
import { lessonInvalid } from "~/features/lessons/lesson-answers.server";
import { addItem } from "~/features/lessons/lessons.server";
import { LessonPage } from "~/features/lessons/components/lesson-page";
import type { LessonPageData } from "~/features/lessons/lesson-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { notFound } from "~/lib/not-found";

const AddStepSchema = z.object({
  text: z.string().trim().min(1).max(500),
  minutes: z.coerce.number().int().min(0).max(600),
});

/**
 * The plan's own-step form: a line of the teacher's text with its minutes, at the end.
 * One form per route module (issue 20): the lesson page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../lesson.tsx).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), AddStepSchema);
  if (!parsed.ok) return lessonInvalid(parsed);
  const { text, minutes } = parsed.data;
  if ((await addItem(services, user.id, params.id, { kind: "step", text, minutes })) !== true)
    notFound(request);
  return null;
}

export default function AddStep({ actionData }: Route.ComponentProps) {
  return <LessonPage loaded={useOutletContext<LessonPageData>()} posted={actionData} />;
}
