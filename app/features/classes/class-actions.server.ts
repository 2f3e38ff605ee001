import { z } from "~/lib/zod";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { notFound } from "~/lib/not-found";
import type { Services } from "~/lib/services.server";
import { refuse } from "~/lib/errors";
import { formDone } from "~/lib/forms";
import {
  addShare,
  classAccess,
  presentToClass,
  setLive,
  type ClassRow,
  type ShareResult,
} from "./classes.server";

/**
 * What a class's teacher does on the class page (/class/{id}): share an exercise, set
 * homework, present an exercise live, move the live card, stop. The route checks that the
 * signed-in user is this class's teacher before calling.
 */
const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("share"), exerciseId: z.string().trim().min(1).max(100) }),
  z.object({
    intent: z.literal("homework"),
    text: z.string().trim().min(1).max(2000),
    due: z.string().trim().max(10).optional(),
  }),
  z.object({
    intent: z.literal("present"),
    exerciseId: z.string().min(1).max(100),
    card: z.coerce.number().int().min(0).max(500).default(0),
  }),
  z.object({ intent: z.literal("card"), card: z.coerce.number().int().min(0).max(500) }),
  z.object({ intent: z.literal("stop") }),
]);

async function teacherClassAction(
  services: Services,
  userId: string,
  row: ClassRow,
  form: Record<string, FormDataEntryValue>,
) {
  const parsed = ActionSchema.safeParse(form);
  if (!parsed.success) return refuse("classes", "invalid");
  const input = parsed.data;
  const id = row.id;
  switch (input.intent) {
    case "share": {
      const result = await addShare(services, userId, id, {
        kind: "exercise",
        exerciseId: input.exerciseId,
        text: "",
        dueAt: null,
      });
      if (result !== "shared") return shareRefused(result, "share");
      return { ...formDone("classes.sharedDone"), form: "share" as const };
    }
    case "homework": {
      const dueAt =
        input.due && /^\d{4}-\d{2}-\d{2}$/.test(input.due)
          ? new Date(`${input.due}T23:59:00Z`)
          : null;
      await addShare(services, userId, id, {
        kind: "homework",
        exerciseId: null,
        text: input.text,
        dueAt,
      });
      return { ...formDone("classes.homeworkSet"), form: "homework" as const };
    }
    case "present": {
      // From the class page, or "Share with class" in presentation mode (which shares first).
      const result = await presentToClass(services, userId, id, input.exerciseId, input.card);
      if (result !== "shared") return shareRefused(result, "present");
      return { presenting: input.exerciseId, card: input.card };
    }
    case "card":
      await setLive(services, userId, id, {
        exerciseId: row.liveExerciseId,
        card: input.card,
      });
      return null;
    case "stop":
      await setLive(services, userId, id, { exerciseId: null, card: 0 });
      return null;
  }
}

/** A share or a presentation refused; `form` tells the page which form's answer it is. */
function shareRefused(result: Exclude<ShareResult, "shared">, form: "share" | "present") {
  return refuse("classes", result === "locked" ? "locked" : "no-exercise", { form });
}

type TeacherIntent = z.infer<typeof ActionSchema>["intent"];

/**
 * A class page form's route (share, homework, live): POST only, the signed-in user must be
 * this class's teacher (else the page's 404), and the form must be one of this route's.
 */
export async function teacherForm(
  {
    request,
    context,
    params,
  }: { request: Request; context: Parameters<typeof requireUser>[0]; params: { id?: string } },
  intents: readonly TeacherIntent[],
) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const access = await classAccess(services, user, params.id ?? "");
  if (!access || access.role !== "teacher") notFound(request);
  const form = Object.fromEntries(await readForm(request));
  if (!intents.includes(form.intent as TeacherIntent)) return refuse("classes", "invalid");
  return teacherClassAction(services, user.id, access.row, form);
}
