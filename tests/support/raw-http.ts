import net from "node:net";

/**
 * HTTP/1.1 over a plain TCP socket, byte by byte as a client sends it: for tests of what the
 * server does with bodies (limits, chunked streams, keep-alive) that fetch would hide.
 */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  /** The server closed its side (FIN) or reset the connection. */
  ended = false;
  error: Error | null = null;

  private constructor(readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on("end", () => {
      this.ended = true;
      this.wake();
    });
    socket.on("close", () => {
      this.ended = true;
      this.wake();
    });
    socket.on("error", (error) => {
      this.error = error;
      this.wake();
    });
  }

  static async open(port: number): Promise<RawConnection> {
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    socket.setNoDelay(true);
    return new RawConnection(socket);
  }

  private wake() {
    for (const wake of this.waiters.splice(0)) wake();
  }

  private async until(condition: () => boolean, timeoutMs: number, what: string) {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (this.ended || this.error)
        throw new Error(
          `connection ${this.error ? `failed (${this.error.message})` : "closed"} before ${what}`,
        );
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Writes raw bytes; false when the server no longer takes them (closed or reset). */
  write(data: string | Buffer): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.socket.destroyed || this.socket.writableEnded) {
        resolve(false);
        return;
      }
      this.socket.write(data, (error) => resolve(!error));
    });
  }

  /** Reads one complete response (Content-Length or chunked body) off the connection. */
  async response(timeoutMs = 10_000): Promise<RawResponse> {
    let headEnd = -1;
    await this.until(
      () => (headEnd = this.buffer.indexOf("\r\n\r\n")) !== -1,
      timeoutMs,
      "response head",
    );
    const head = this.buffer.subarray(0, headEnd).toString("latin1").split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? "")?.[1] ?? 0);
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    this.buffer = this.buffer.subarray(headEnd + 4);
    let body = Buffer.alloc(0);
    if (headers["transfer-encoding"] === "chunked") {
      for (;;) {
        let lineEnd = -1;
        await this.until(
          () => (lineEnd = this.buffer.indexOf("\r\n")) !== -1,
          timeoutMs,
          "chunk size",
        );
        const size = parseInt(this.buffer.subarray(0, lineEnd).toString("latin1"), 16);
        const end = lineEnd + 2 + size + 2;
        await this.until(() => this.buffer.length >= end, timeoutMs, "chunk");
        body = Buffer.concat([body, this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size)]);
        this.buffer = this.buffer.subarray(end);
        if (size === 0) break;
      }
    } else {
      const length = Number(headers["content-length"] ?? 0);
      await this.until(() => this.buffer.length >= length, timeoutMs, "response body");
      body = this.buffer.subarray(0, length);
      this.buffer = this.buffer.subarray(length);
    }
    return { status, headers, body: body.toString("utf8") };
  }

  /** Resolves once the server has closed the connection (true) or not within the time (false). */
  async closedByServer(timeoutMs = 5000): Promise<boolean> {
    try {
      await this.until(() => false, timeoutMs, "close");
      return false;
    } catch {
      return this.ended || this.error !== null;
    }
  }

  close() {
    this.socket.destroy();
  }
}

export function requestHead(
  method: string,
  path: string,
  headers: Record<string, string | number>,
): string {
  const lines = [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/** One chunk of a chunked body. */
export function chunk(data: string | Buffer): Buffer {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  return Buffer.concat([
    Buffer.from(`${bytes.length.toString(16)}\r\n`),
    bytes,
    Buffer.from("\r\n"),
  ]);
}
