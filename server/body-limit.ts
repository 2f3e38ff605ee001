import type { NextFunction, Request, Response } from "express";

/**
 * Request bodies: at most `limit` bytes are read, counted as they arrive (a chunked body has
 * no Content-Length to check first), and what a refused or half-read body leaves on the
 * connection is dealt with, so the next request on a kept-alive connection is answered:
 * - a rest of known, modest size is drained (read and dropped) and the connection stays;
 * - anything else (an unknown or large rest) ends the connection: `Connection: close`.
 */

/** Left-over bodies up to this size are read and dropped to keep the connection alive. */
const DRAIN_MAX_BYTES = 1024 * 1024;

export function tooLargeMessage(limit: number): string {
  return `The request body is larger than ${limit} bytes.`;
}

function declaredLength(req: Request): number | null {
  if (req.headers["transfer-encoding"] !== undefined) return null;
  const value = Number(req.headers["content-length"]);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** What the body reader saw; decides what happens to the connection after the answer. */
export interface BodyState {
  received: number;
  /** The body went over the server's limit while streaming. */
  tooLarge: boolean;
  /** Stops feeding the body stream (whoever reads the request afterwards drops the bytes). */
  detach(): void;
}

export function newBodyState(): BodyState {
  return { received: 0, tooLarge: false, detach: () => {} };
}

/**
 * Before the answer to a request whose body was not read to the end goes out: drain a small
 * known rest after it, or close the connection.
 */
export function settleUnreadBody(req: Request, res: Response, state: BodyState): void {
  // Whatever is left is read and dropped once the answer is out: with a drained rest the
  // connection serves the next request; with `Connection: close` the client is not reset
  // by unread bytes before it has read the answer.
  res.once("finish", () => {
    state.detach();
    req.resume();
  });
  if (req.complete) return;
  const declared = declaredLength(req);
  const rest = declared === null ? null : declared - state.received;
  if (!state.tooLarge && rest !== null && rest <= DRAIN_MAX_BYTES) return;
  if (!res.headersSent) res.setHeader("Connection", "close");
}

/** Refuses a declared Content-Length over the limit before any of the body is read. */
export function declaredBodyLimit(limitFor: (path: string) => number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const limit = limitFor(req.path);
    const declared = declaredLength(req);
    if (declared === null || declared <= limit) {
      next();
      return;
    }
    settleUnreadBody(req, res, newBodyState());
    res.status(413).json({ error: tooLargeMessage(limit) });
  };
}

/**
 * The request body as a web stream that errors with a 413 Response once more than `limit`
 * bytes have arrived (the router answers that status), and that never destroys the socket
 * when a route stops reading early: settleUnreadBody decides what happens to the rest.
 */
export function limitedBody(
  req: Request,
  limit: number,
  state: BodyState,
): ReadableStream<Uint8Array> {
  let stopped = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          state.received += chunk.byteLength;
          if (state.received > limit) {
            state.tooLarge = true;
            stopped = true;
            state.detach();
            req.pause();
            // A thrown Response is the router's answer: the route stops with a 413.
            controller.error(
              globalThis.Response.json({ error: tooLargeMessage(limit) }, { status: 413 }),
            );
            return;
          }
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          stopped = true;
          state.detach();
          controller.close();
        };
        const onError = (error: Error) => {
          stopped = true;
          state.detach();
          controller.error(error);
        };
        state.detach = () => {
          req.off("data", onData);
          req.off("end", onEnd);
          req.off("error", onError);
        };
        req.on("data", onData);
        req.once("end", onEnd);
        req.once("error", onError);
      },
      pull() {
        if (!stopped) req.resume();
      },
      cancel() {
        // The route has read enough (or too much): stop here, leave the socket alone.
        stopped = true;
        state.detach();
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}
