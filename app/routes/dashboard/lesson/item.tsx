import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/item";
import { lessonInvalid } from "~/features/lessons/lesson-answers.server";
import { changeItem } from "~/features/lessons/lessons.server";
import { LessonPage } from "~/features/lessons/components/lesson-page";
import type { LessonPageData } from "~/features/lessons/lesson-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { notFound } from "~/lib/not-found";

const ItemSchema = z.object({
  intent: z.enum(["up", "down", "remove"]),
  itemId: z.string().min(1).max(100),
});

/**
 * An item's ↑, ↓ and Remove buttons in the plan: one row of buttons on the same item, each
 * a change of its place in the plan (removing it too), so they share this route; the intent
 * names which (and useFocusAfterRemove looks for "remove").
 * One form per route module (issue 20): the lesson page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../lesson.tsx).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), ItemSchema);
  if (!parsed.ok) return lessonInvalid(parsed);
  const { intent, itemId } = parsed.data;
  const change =
    intent === "remove"
      ? { remove: true as const }
      : { move: intent === "up" ? (-1 as const) : (1 as const) };
  if (!(await changeItem(services, user.id, params.id, itemId, change))) notFound(request);
  return null;
}

export default function ChangeItem({ actionData }: Route.ComponentProps) {
  return <LessonPage loaded={useOutletContext<LessonPageData>()} posted={actionData} />;
}
