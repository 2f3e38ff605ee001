import { useOutletContext } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/add-item";
import { lessonInvalid } from "~/features/lessons/lesson-answers.server";
import { addItem } from "~/features/lessons/lessons.server";
import { LessonPage } from "~/features/lessons/components/lesson-page";
import type { LessonPageData } from "~/features/lessons/lesson-page.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { notFound } from "~/lib/not-found";
import { refuse } from "~/lib/errors";

const AddItemSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-exercise"), exerciseId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("add-material"), materialId: z.string().min(1).max(100) }),
]);

/**
 * The picker's Add button: an exercise or a material (the intent follows the picker's kind,
 * one button either way, so both live here) joins the end of the plan, once.
 * One form per route module (issue 20): the lesson page's form posts here, through a
 * fetcher with JavaScript; without it the browser lands here and the page is rendered with
 * this form's answer (see ../lesson.tsx).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const parsed = parseForm(await readForm(request), AddItemSchema);
  if (!parsed.ok) return lessonInvalid(parsed);
  const input = parsed.data;
  const added = await addItem(
    services,
    user.id,
    params.id,
    input.intent === "add-exercise"
      ? { kind: "exercise", exerciseId: input.exerciseId }
      : { kind: "material", materialId: input.materialId },
  );
  if (added === "already") return refuse("lessons", "already");
  if (!added) notFound(request);
  return null;
}

export default function AddItem({ actionData }: Route.ComponentProps) {
  return <LessonPage loaded={useOutletContext<LessonPageData>()} posted={actionData} />;
}
