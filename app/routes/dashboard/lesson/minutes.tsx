import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/minutes";
import { lessonInvalid } from "~/features/lessons/lesson-answers.server";
import { changeItem } from "~/features/lessons/lessons.server";
import { LessonPage } from "~/features/lessons/components/lesson-page";
import type { LessonPageData } from "~/features/lessons/lesson-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { notFound } from "~/lib/not-found";

const MinutesSchema = z.object({
  itemId: z.string().min(1).max(100),
  minutes: z.coerce.number().int().min(0).max(600),
});

/**
 * An item's minutes form in the plan.
 * One form per route module (issue 20): the lesson page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../lesson.tsx).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), MinutesSchema);
  if (!parsed.ok) return lessonInvalid(parsed);
  const { itemId, minutes } = parsed.data;
  if (!(await changeItem(services, user.id, params.id, itemId, { minutes }))) notFound(request);
  return null;
}

export default function ItemMinutes({ actionData }: Route.ComponentProps) {
  return <LessonPage loaded={useOutletContext<LessonPageData>()} posted={actionData} />;
}
