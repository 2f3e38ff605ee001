import { useEffect, useState } from "react";
import { MINUTE_MS, SECOND_MS } from "~/lib/time";

/**
 * One EventSource per page to /api/events, shared by every component that listens. The
 * browser reconnects by itself; after repeated failures we close it and retry with a
 * growing delay (1 s … 60 s), so a server that is down is not hammered.
 */
type Handler = (data: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
let source: EventSource | null = null;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const listening = new Set<string>();
/** The server's last event on a stream whose access is gone (see routes/api/events.ts). */
const STREAM_END_EVENT = "end";

function connect() {
  if (typeof EventSource === "undefined" || source) return;
  source = new EventSource("/api/events");
  listening.clear();
  source.onopen = () => {
    failures = 0;
  };
  source.onerror = () => {
    if (!source || source.readyState !== EventSource.CLOSED) {
      failures++;
      if (failures < 3) return; // let the browser's own retry work first
    }
    source?.close();
    source = null;
    const delay = Math.min(MINUTE_MS, SECOND_MS * 2 ** Math.min(failures, 6));
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, delay);
  };
  // The server ends a stream whose session is gone: reconnecting would only be refused.
  source.addEventListener(STREAM_END_EVENT, () => {
    source?.close();
    source = null;
    clearTimeout(retryTimer);
  });
  for (const event of handlers.keys()) listen(event);
}

function listen(event: string) {
  if (!source || listening.has(event)) return;
  listening.add(event);
  source.addEventListener(event, (message) => {
    let data: unknown;
    try {
      data = JSON.parse((message as MessageEvent<string>).data) as unknown;
    } catch {
      return;
    }
    for (const handler of handlers.get(event) ?? []) handler(data);
  });
}

/**
 * Listens to one named event on the page's shared /api/events stream (the user's own events:
 * notifications, support replies; for administrators also new support messages). Answers
 * the function that stops listening.
 */
export function subscribe(event: string, handler: Handler): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler);
  if (source) listen(event);
  else connect();
  return () => set.delete(handler);
}

/** The unread count, starting from the server's figure and updated live. */
export function useUnreadNotifications(initial: number): number {
  // A new figure from the server (after a navigation) replaces the live one.
  const [state, setState] = useState({ initial, count: initial });
  if (state.initial !== initial) setState({ initial, count: initial });
  useEffect(() => {
    const update = (data: unknown) => {
      const unread = (data as { unread?: unknown } | null)?.unread;
      if (typeof unread === "number") setState((s) => ({ ...s, count: unread }));
    };
    const offHello = subscribe("hello", update);
    const offChange = subscribe("notifications", update);
    return () => {
      offHello();
      offChange();
    };
  }, []);
  return state.count;
}

/**
 * A dedicated stream (e.g. a class's live view, /api/events?class=…): reconnects with a
 * growing delay and hands every named event to the handler. Answers the function that
 * closes it.
 */
export function subscribeLive(
  url: string,
  handler: (event: string, data: unknown) => void,
  events: readonly string[] = ["hello", "live", "shares"],
): () => void {
  if (typeof EventSource === "undefined") return () => {};
  let stream: EventSource | null = null;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const open = () => {
    if (closed) return;
    stream = new EventSource(url);
    stream.onopen = () => {
      attempts = 0;
    };
    stream.onerror = () => {
      attempts++;
      if (stream?.readyState !== EventSource.CLOSED && attempts < 3) return;
      stream?.close();
      timer = setTimeout(open, Math.min(MINUTE_MS, SECOND_MS * 2 ** Math.min(attempts, 6)));
    };
    stream.addEventListener(STREAM_END_EVENT, () => {
      closed = true;
      stream?.close();
    });
    for (const event of events)
      stream.addEventListener(event, (message) => {
        try {
          handler(event, JSON.parse((message as MessageEvent<string>).data) as unknown);
        } catch {
          // not for us
        }
      });
  };
  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    stream?.close();
  };
}
