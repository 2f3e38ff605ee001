import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunk, RawConnection, requestHead } from "../support/raw-http";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 14, item 3: a body over the limit is refused with 413 and the connection is drained
 * (kept alive: the next request on it is answered) or closed (`Connection: close`); a chunked
 * body is counted while it streams, never read whole first. Raw sockets, as a client sends.
 */

const SERVER_LIMIT = 64 * 1024;
const report = JSON.stringify({ kind: "error", message: "fine" });

describe("request bodies over the limit", () => {
  let app: TestApp;
  let port = 0;
  let ip = 0;
  const open = () => RawConnection.open(port);
  // Each request its own client address (the error-report endpoint is rate limited per address).
  const client = () => ({ "X-Forwarded-For": `10.33.0.${++ip}` });

  beforeAll(async () => {
    app = await startTestApp({
      MAX_BODY_BYTES: String(SERVER_LIMIT),
      TRUSTED_PROXY_HEADER: "x-forwarded-for",
    });
    port = Number(new URL(app.url).port);
  });
  afterAll(() => app?.close());

  it("keeps a connection alive across bodies within the limits", async () => {
    const connection = await open();
    try {
      await connection.write(
        requestHead("POST", "/api/client-errors", {
          ...client(),
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(report),
        }) + report,
      );
      expect((await connection.response()).status).toBe(204);
      await connection.write(
        requestHead("POST", "/api/client-errors", {
          ...client(),
          "Content-Type": "application/json",
          "Transfer-Encoding": "chunked",
        }),
      );
      await connection.write(Buffer.concat([chunk(report), chunk("")]));
      expect((await connection.response()).status).toBe(204);
    } finally {
      connection.close();
    }
  });

  it("refuses a declared body over the server limit at once and closes, without reading it", async () => {
    const connection = await open();
    try {
      // 10 MB announced, 1 KB sent: the answer comes without the rest.
      await connection.write(
        requestHead("POST", "/api/stripe/webhook", {
          ...client(),
          "Content-Type": "application/json",
          "Content-Length": 10_000_000,
        }) + "x".repeat(1024),
      );
      const response = await connection.response();
      expect(response.status).toBe(413);
      expect(response.headers.connection).toBe("close");
      expect(JSON.parse(response.body).error).toMatch(/larger than 65536 bytes/);
      expect(await connection.closedByServer()).toBe(true);
    } finally {
      connection.close();
    }
    const next = await open();
    try {
      await next.write(requestHead("GET", "/healthz", {}));
      expect((await next.response()).status).toBe(200);
    } finally {
      next.close();
    }
  });

  it("drains a small body over a route's limit: 413, then the next request on the connection is answered", async () => {
    const connection = await open();
    try {
      const body = JSON.stringify({ message: "x".repeat(20_000) });
      await connection.write(
        requestHead("POST", "/api/client-errors", {
          ...client(),
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
        }) + body,
      );
      const refused = await connection.response();
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).not.toBe("close");
      await connection.write(requestHead("GET", "/healthz", {}));
      const next = await connection.response();
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body)).toEqual({ status: "ok" });
    } finally {
      connection.close();
    }
  });

  it("counts a chunked body while it streams: over a route's limit → 413 and close, before the body ends", async () => {
    const connection = await open();
    try {
      await connection.write(
        requestHead("POST", "/api/client-errors", {
          ...client(),
          "Content-Type": "application/json",
          "Transfer-Encoding": "chunked",
        }),
      );
      // 32 KB of a body that never ends (no last chunk).
      for (let i = 0; i < 4; i++) await connection.write(chunk("y".repeat(8 * 1024)));
      const response = await connection.response();
      expect(response.status).toBe(413);
      expect(response.headers.connection).toBe("close");
      expect(await connection.closedByServer()).toBe(true);
    } finally {
      connection.close();
    }
  });

  it("counts a chunked body while it streams: over the server limit on a route that takes more → 413 and close", async () => {
    const connection = await open();
    try {
      await connection.write(
        requestHead("POST", "/api/stripe/webhook", {
          ...client(),
          "Content-Type": "application/json",
          "Transfer-Encoding": "chunked",
        }),
      );
      // The webhook reads up to 512 KB itself; the server stops it at 64 KB.
      for (let i = 0; i < 10; i++) {
        if (!(await connection.write(chunk("z".repeat(8 * 1024))))) break;
      }
      const response = await connection.response();
      expect(response.status).toBe(413);
      expect(response.headers.connection).toBe("close");
      expect(JSON.parse(response.body).error).toMatch(/larger than 65536 bytes/);
      expect(await connection.closedByServer()).toBe(true);
    } finally {
      connection.close();
    }
  });

  it("answers 413 to a page form streamed over the server limit, even where the route reads it as a broken form", async () => {
    const connection = await open();
    try {
      await connection.write(
        requestHead("POST", "/auth/sign-in", {
          ...client(),
          "Content-Type": "multipart/form-data; boundary=b",
          "Transfer-Encoding": "chunked",
          "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36",
        }),
      );
      await connection.write(chunk('--b\r\nContent-Disposition: form-data; name="email"\r\n\r\n'));
      for (let i = 0; i < 10; i++) {
        if (!(await connection.write(chunk("e".repeat(8 * 1024))))) break;
      }
      const response = await connection.response();
      expect(response.status).toBe(413);
      expect(response.headers.connection).toBe("close");
    } finally {
      connection.close();
    }
  });
});
