import { z } from "~/lib/zod";
import type { Route } from "./+types/client-errors";
import { MINUTE_MS } from "~/lib/time";
import { getRequestInfo, getServices } from "~/lib/context.server";
import { readJsonBody, requireMethod } from "~/lib/http.server";
import { consumeRate, tooManyRequests, type RateRule } from "~/lib/rate-limit.server";

/** A page in an error loop reports a few times; a flood is not a browser reporting. */
const CLIENT_ERROR_RATE: RateRule = { windowMs: MINUTE_MS, max: 20 };
/** Reports are small: a message, a stack and an address (each capped by the schema). */
const MAX_REPORT_BYTES = 16 * 1024;

const ClientErrorSchema = z.object({
  kind: z.enum(["error", "unhandledrejection", "chunk-load", "render"]).default("error"),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
  url: z.string().max(2000).optional(),
});

export function loader({ request }: Route.LoaderArgs) {
  requireMethod(request, "POST");
  return null;
}

/**
 * Browsers report their unhandled errors here, so they reach the log with a request id.
 * Open to anyone, so counted per client address (429 past the limit) and size-capped (413).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const info = getRequestInfo(context);
  const rate = await consumeRate(
    getServices(context).db,
    `client-errors:ip:${info.clientIp}`,
    CLIENT_ERROR_RATE,
  );
  if (!rate.allowed) tooManyRequests(rate, "Too many error reports. Try again later.");
  const report = await readJsonBody(request, ClientErrorSchema, { maxBytes: MAX_REPORT_BYTES });
  info.log.warn({ clientError: report }, "client error reported");
  return new Response(null, { status: 204 });
}
