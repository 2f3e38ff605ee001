import type { DatabaseHandle } from "./db.server";
import type { Logger } from "./log.server";

/**
 * Real-time fan-out: an event published on any instance goes through PostgreSQL
 * NOTIFY (PGlite's own NOTIFY when embedded) and reaches every instance's subscribers of its
 * topic ("user:{id}", "class:{id}"). Subscribers are the open Server-Sent Events streams.
 */
const REALTIME_CHANNEL = "parley_events";

/**
 * Published on `user:{id}` when what the user may receive changes (a session revoked or
 * ended, the user left a class): open streams check their access again and close if it is
 * gone. Streams handle it themselves; it never reaches a browser.
 */
export const ACCESS_CHANGED_EVENT = "access-changed";

interface RealtimeEvent {
  topic: string;
  event: string;
  data: unknown;
}

type Listener = (event: RealtimeEvent) => void;

export class RealtimeHub {
  private readonly topics = new Map<string, Set<Listener>>();
  private unlisten: (() => Promise<void>) | null = null;
  /** Open subscriptions in this process (for the benchmark and /readyz-style diagnostics). */
  connections = 0;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(REALTIME_CHANNEL, (payload) => {
      try {
        const event = JSON.parse(payload) as RealtimeEvent;
        for (const listener of this.topics.get(event.topic) ?? []) listener(event);
      } catch (error) {
        this.log.warn({ err: error }, "unreadable realtime event");
      }
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    this.topics.clear();
  }

  subscribe(topics: string[], listener: Listener): () => void {
    for (const topic of topics) {
      let set = this.topics.get(topic);
      if (!set) this.topics.set(topic, (set = new Set()));
      set.add(listener);
    }
    this.connections++;
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.connections--;
      for (const topic of topics) {
        const set = this.topics.get(topic);
        set?.delete(listener);
        if (set?.size === 0) this.topics.delete(topic);
      }
    };
  }

  /** Sends an event to every subscriber of the topic on every instance. */
  async publish(topic: string, event: string, data: unknown): Promise<void> {
    const payload = JSON.stringify({ topic, event, data } satisfies RealtimeEvent);
    // NOTIFY payloads are limited to 8000 bytes; events carry ids and small state only.
    if (payload.length > 7900)
      throw new Error(`realtime event too large (${payload.length} bytes)`);
    await this.database.notify(REALTIME_CHANNEL, payload);
  }
}
