import { z } from "zod";
import type { Route } from "./+types/client-errors";
import { getRequestInfo } from "~/lib/context.server";
import { readJsonBody, requireMethod } from "~/lib/http.server";

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

/** Browsers report their unhandled errors here, so they reach the log with a request id. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const report = await readJsonBody(request, ClientErrorSchema, { maxBytes: 16 * 1024 });
  getRequestInfo(context).log.warn({ clientError: report }, "client error reported");
  return new Response(null, { status: 204 });
}
