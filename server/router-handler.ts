import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE_MESSAGE } from "~/lib/db.server";
import {
  limitedBody,
  newBodyState,
  settleUnreadBody,
  tooLargeMessage,
  type BodyState,
} from "./body-limit";

/**
 * Express → React Router: turns each Node request into a web Request whose URL is the one the
 * browser used, and sends the router's Response back.
 *
 * Parley's own (instead of @react-router/express) because the URL must come from the
 * forwarded headers as settled by the proxy middleware — that adapter takes the host from
 * X-Forwarded-Host but the port from Host, so `X-Forwarded-Host: parley.example` with
 * `Host: 127.0.0.1:3000` became https://parley.example:3000 and every form failed React
 * Router's origin check.
 */
export interface RouterHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** The largest body read for a path (MAX_BODY_BYTES, more for uploads); routes may read less. */
  maxBodyBytes: (path: string) => number;
  /** False while the database cannot be reached (see DatabaseHandle.isAvailable). */
  databaseAvailable(): boolean;
  getLoadContext(req: Request, res: Response): RouterContextProvider;
}

/**
 * The request's origin as the browser sees it. The forwarded headers are already settled
 * (removed unless a trusted proxy sent them, see settleForwardedHeaders).
 */
export function requestOrigin(req: Request): string {
  const forwardedProto = req.headers["x-forwarded-proto"];
  const proto =
    forwardedProto === "https" || forwardedProto === "http"
      ? forwardedProto
      : "encrypted" in req.socket && req.socket.encrypted
        ? "https"
        : "http";
  const forwardedHost = req.headers["x-forwarded-host"];
  const host = (typeof forwardedHost === "string" ? forwardedHost : req.headers.host) ?? "";
  // A Host header that is not a host (or none at all, HTTP/1.0) stands for this server.
  try {
    const origin = new URL(`${proto}://${host}`);
    if (origin.host === host.toLowerCase()) return origin.origin;
  } catch {
    // fall through
  }
  return `${proto}://localhost`;
}

function toHeaders(req: Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

function toWebRequest(
  req: Request,
  res: Response,
  maxBodyBytes: number,
  body: BodyState,
): globalThis.Request {
  const controller = new AbortController();
  // The client went away before the answer was complete: loaders and streams may stop.
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: toHeaders(req),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = limitedBody(req, maxBodyBytes, body);
    init.duplex = "half";
  }
  return new globalThis.Request(`${requestOrigin(req)}${req.originalUrl}`, init);
}

/**
 * The open Server-Sent Events responses of this process. On shutdown each is told to
 * reconnect (to another instance) and ended at once: an event stream never finishes by
 * itself, and a deploy must not wait out the grace period for it.
 */
class EventStreams {
  private readonly open = new Set<Response>();
  private retryMs: number | null = null;

  track(res: Response) {
    // A stream opened after the shutdown began (on a connection still open) ends at once too.
    if (this.retryMs !== null) {
      this.end(res, this.retryMs);
      return;
    }
    this.open.add(res);
    res.once("close", () => this.open.delete(res));
  }

  private end(res: Response, retryMs: number) {
    if (!res.writableEnded && !res.destroyed)
      res.end(`retry: ${retryMs}\nevent: reconnect\ndata: {"reason":"shutdown"}\n\n`);
  }

  get size(): number {
    return this.open.size;
  }

  /** Sends `retry` and a `reconnect` event to every open stream and ends it; answers how many. */
  closeAll(retryMs: number): number {
    this.retryMs = retryMs;
    const count = this.open.size;
    for (const res of this.open) this.end(res, retryMs);
    this.open.clear();
    return count;
  }
}

async function sendWebResponse(
  res: Response,
  response: globalThis.Response,
  maxBodyBytes: number,
  body: BodyState,
  streams: EventStreams,
): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  // Over the limit while streaming: 413, whatever the route made of its broken body.
  if (body.tooLarge && response.status !== 413) {
    await response.body?.cancel();
    res.status(413).json({ error: tooLargeMessage(maxBodyBytes) });
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  // An event stream's headers go out at once, before its first event.
  if (/^text\/event-stream/i.test(response.headers.get("content-type") ?? "")) {
    res.flushHeaders();
    streams.track(res);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

export function createRouterHandler(options: RouterHandlerOptions) {
  const handle = createRequestHandler(options.build, options.mode);
  const eventStreams = new EventStreams();
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    const body = newBodyState();
    try {
      const limit = options.maxBodyBytes(req.path);
      const request = toWebRequest(req, res, limit, body);
      let response = await handle(request, options.getLoadContext(req, res));
      // The database went away while this request used it: a 503 like the requests after it
      // get, not a 500. A read is simply asked again (the router now answers the 503 page).
      if (response.status === 500 && !options.databaseAvailable()) {
        await response.body?.cancel();
        response =
          req.method === "GET" || req.method === "HEAD"
            ? await handle(toWebRequest(req, res, limit, body), options.getLoadContext(req, res))
            : globalThis.Response.json(
                { error: DATABASE_UNAVAILABLE_MESSAGE },
                {
                  status: 503,
                  headers: {
                    "Retry-After": String(DATABASE_RETRY_AFTER_S),
                    "Cache-Control": "no-store",
                  },
                },
              );
      }
      settleUnreadBody(req, res, body);
      await sendWebResponse(res, response, limit, body, eventStreams);
    } catch (error) {
      if (!res.headersSent) settleUnreadBody(req, res, body);
      next(error);
    }
  };
  return { handler, eventStreams };
}
