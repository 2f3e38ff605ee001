import type { Route } from "./+types/events";
import { unreadCount } from "~/features/notifications/notifications.server";
import { classAccess, streamAccessHolds } from "~/features/classes/classes.server";
import { isAdmin, requireApiUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { apiError } from "~/lib/http.server";
import { ACCESS_CHANGED_EVENT } from "~/lib/realtime.server";

const HEARTBEAT_MS = 25_000;
/** Sent last on a stream whose access is gone (signed out, session revoked, left the class). */
const STREAM_END_EVENT = "end";

/**
 * GET /api/events: Server-Sent Events for the signed-in user (authenticated by the session
 * cookie). The first event carries the current state, so a client that reconnects after a
 * gap catches up at once; later events arrive from any instance through LISTEN/NOTIFY.
 * A stream lives only as long as what opened it: when its session is revoked or ends, or
 * the student leaves the class, it closes (at once on the change's event, and at the
 * latest at the next heartbeat).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(context);
  const services = getServices(context);
  const encoder = new TextEncoder();
  const initial: Record<string, unknown> = { unread: await unreadCount(services, user.id) };
  const topics = [`user:${user.id}`];
  // Administrators' pages hear new support messages (the inbox refreshes itself).
  if (isAdmin(user)) topics.push("support:inbox");
  const classId = new URL(request.url).searchParams.get("class");
  if (classId) {
    const access = await classAccess(services, user, classId);
    if (!access) apiError(404, "No such class.");
    topics.push(`class:${classId}`);
    initial.live = { exerciseId: access.row.liveExerciseId, card: access.row.liveCard };
  }
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let id = 0;
      const send = (event: string, data: unknown) => {
        if (closed) return;
        try {
          controller.enqueue(
            encoder.encode(`id: ${++id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
          );
        } catch {
          cleanup();
        }
      };
      controller.enqueue(encoder.encode("retry: 3000\n\n"));
      send("hello", initial);
      const recheck = () => {
        streamAccessHolds(services, user.id, user.sessionId, classId).then(
          (holds) => {
            if (holds) return;
            // Tells the browser not to reconnect: the answer would only be 401 or 404.
            send(STREAM_END_EVENT, {});
            cleanup();
          },
          () => undefined,
        );
      };
      const unsubscribe = services.realtime.subscribe(topics, (e) => {
        if (e.event === ACCESS_CHANGED_EVENT) recheck();
        else send(e.event, e.data);
      });
      const heartbeat = setInterval(() => {
        if (closed) return;
        controller.enqueue(encoder.encode(": ping\n\n"));
        recheck();
      }, HEARTBEAT_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client going away
        }
      };
      request.signal.addEventListener("abort", () => cleanup(), { once: true });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
