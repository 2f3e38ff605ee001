import { z } from "~/lib/zod";
import type { Route } from "./+types/support";
import {
  markRepliesRead,
  sendSupportMessage,
  SUPPORT_MESSAGE_MAX,
  supportThread,
} from "~/features/support/support.server";
import { requireApiUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { apiError, readForm, readJsonBody, requireMethod } from "~/lib/http.server";
import { tooManyRequests } from "~/lib/rate-limit.server";

const MessageSchema = z.object({ body: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX) });

/** GET /api/support: the signed-in user's support conversation (opening it reads the replies). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context);
  const services = getServices(context);
  await markRepliesRead(services, user.id);
  return Response.json({ messages: await supportThread(services, user.id) });
}

/** POST /api/support: a message to the support team ({ body }, JSON or a form). */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireApiUser(context);
  const services = getServices(context);
  const type = request.headers.get("content-type") ?? "";
  const raw: unknown = type.includes("application/json")
    ? await readJsonBody(request, z.unknown(), { maxBytes: 32 * 1024 })
    : Object.fromEntries(await readForm(request, 32 * 1024));
  const parsed = MessageSchema.safeParse(raw);
  if (!parsed.success)
    apiError(
      400,
      `Write a message of up to ${SUPPORT_MESSAGE_MAX.toLocaleString("en")} characters.`,
    );
  const sent = await sendSupportMessage(services, user.id, parsed.data.body);
  if (!sent.ok)
    tooManyRequests(
      { allowed: false, count: 0, retryAfterS: sent.retryAfterS },
      "You have sent many messages in the last hour. Please wait a little; we read every one.",
    );
  return Response.json({ message: sent.message }, { status: 201 });
}
