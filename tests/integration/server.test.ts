import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HttpSession } from "../support/http-session";
import { freePort, startServer, tempDir, type ServerProcess } from "../support/server-process";
import { linkIn, TestSmtpServer } from "../support/smtp";
import { freshPostgresDatabase } from "../support/test-database";

async function databaseEnv(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const fresh = await freshPostgresDatabase();
  return fresh
    ? { env: { DATABASE_URL: fresh.url }, drop: fresh.drop }
    : { env: {}, drop: async () => undefined };
}

describe("production server", () => {
  let server: ServerProcess;
  let db: Awaited<ReturnType<typeof databaseEnv>>;

  beforeAll(async () => {
    db = await databaseEnv();
    server = await startServer(db.env);
  });
  afterAll(async () => {
    await server.stop();
    await db.drop();
  });

  it("sends the security headers on a page", async () => {
    const response = await fetch(`${server.url}/faq`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Served over plain HTTP here: no HSTS.
    expect(response.headers.get("strict-transport-security")).toBeNull();
    const html = await response.text();
    // Every inline script carries this request's nonce (JSON-LD blocks are data, not script).
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter(
      ([, attrs]) => !attrs?.includes('type="application/ld+json"'),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  it("uses a fresh nonce for every request", async () => {
    const a = (await fetch(`${server.url}/`)).headers.get("content-security-policy");
    const b = (await fetch(`${server.url}/`)).headers.get("content-security-policy");
    expect(a).not.toEqual(b);
  });

  it("caches content-hashed assets immutably and compresses them", async () => {
    // The landing ships no JavaScript; the FAQ hydrates.
    const html = await (await fetch(`${server.url}/faq`)).text();
    const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${server.url}${asset}`, { headers: { "accept-encoding": "gzip" } }, resolve),
    );
    response.resume();
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-encoding"]).toBe("gzip");
    const missing = await fetch(`${server.url}/assets/missing-abc123.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Not Found");
  });

  it("compresses pages when the client accepts it", async () => {
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${server.url}/`, { headers: { "accept-encoding": "gzip" } }, resolve),
    );
    response.resume();
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("answers health and readiness checks", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).status).toBe("ready");
  });

  it("keeps a client-supplied request id when it is well formed", async () => {
    const response = await fetch(`${server.url}/healthz`, {
      headers: { "x-request-id": "lb-trace-0001" },
    });
    expect(response.headers.get("x-request-id")).toBe("lb-trace-0001");
    const bad = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "<script>" } });
    expect(bad.headers.get("x-request-id")).not.toBe("<script>");
  });

  it("answers malformed API bodies with a readable 4xx", async () => {
    const notJson = await fetch(`${server.url}/api/client-errors`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toMatch(/not valid JSON/);
    const tooBig = await fetch(`${server.url}/api/client-errors`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "x".repeat(20_000) }),
    });
    expect(tooBig.status).toBe(413);
    const wrongMethod = await fetch(`${server.url}/api/client-errors`);
    expect(wrongMethod.status).toBe(405);
  });
});

// Each test here starts real server processes (migrations included): on a busy two-core
// machine one start alone can take longer than the suite's default 30 s per test.
describe("lifecycle", { timeout: 180_000 }, () => {
  it("finishes a slow request in flight on SIGTERM, then exits 0", async () => {
    const db = await databaseEnv();
    // Info level: the test waits for the shutdown line before sending the rest of the body.
    const server = await startServer({ ...db.env, LOG_LEVEL: "info" });
    try {
      // A request whose body is only half sent when SIGTERM comes; the rest follows once the
      // server says it is shutting down. `Expect: 100-continue` tells us the server has parsed
      // the headers, so the request is in flight (no timing involved).
      const body = JSON.stringify({ kind: "error", message: "slow report" });
      const responded = new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${server.url}/api/client-errors`,
          {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "content-length": Buffer.byteLength(body),
              expect: "100-continue",
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.on("continue", () => {
          const half = Math.floor(body.length / 2);
          req.write(body.slice(0, half), () => {
            server.child.kill("SIGTERM");
            vi.waitFor(() => expect(server.output()).toContain("shutting down"), {
              timeout: 10_000,
            }).then(() => req.end(body.slice(half)), reject);
          });
        });
      });
      expect(await responded).toBe(204);
      expect(await server.exited).toBe(0);
      // New connections are refused once it has stopped.
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    } finally {
      await server.stop();
      await db.drop();
    }
  });

  it("keeps an account signed up just before a kill -9, and its mailed link still works after restart", async () => {
    const db = await databaseEnv();
    const smtp = new TestSmtpServer();
    await smtp.start();
    const dataDir = tempDir();
    const port = String(await freePort());
    const env = {
      ...db.env,
      DATA_DIR: dataDir,
      PORT: port,
      SMTP_URL: smtp.url,
      PUBLIC_APP_ORIGIN: `http://127.0.0.1:${port}`,
    };
    try {
      const first = await startServer(env);
      const client = new HttpSession(first.url);
      const signUp = await client.postForm("/auth/sign-up", {
        firstName: "Kasia",
        lastName: "Lis",
        email: "kasia@durable.test",
        password: "durability matters a lot",
        terms: "on",
      });
      expect(signUp.status).toBe(200);
      const mail = await smtp.waitFor("kasia@durable.test", "verifyEmail");
      first.child.kill("SIGKILL");
      expect(await first.exited).toBe("SIGKILL");

      const second = await startServer(env);
      try {
        const verify = await new HttpSession(second.url).get(
          new URL(linkIn(mail, "/auth/verify/")).pathname,
        );
        expect(verify.status).toBe(302);
        expect(verify.headers.get("location")).toBe("/dashboard?welcome=1");
      } finally {
        expect(await second.stop()).toBe(0);
      }
    } finally {
      await smtp.stop();
      await db.drop();
    }
  });

  it("refuses to start with invalid configuration and names every bad variable", async () => {
    const server = await startServer(
      { PORT: "70000", LOG_LEVEL: "chatty", SMTP_URL: "http://mail" },
      { waitForListen: false },
    );
    const code = await server.exited;
    expect(code).toBe(1);
    const out = server.output();
    expect(out).toContain("Invalid configuration");
    for (const name of ["PORT", "LOG_LEVEL", "SMTP_URL"]) expect(out).toContain(name);
  });

  it.skipIf(process.env.DATABASE_URL)(
    "refuses a second server on the same embedded data directory",
    async () => {
      const dataDir = tempDir();
      const first = await startServer({ DATA_DIR: dataDir });
      try {
        const second = await startServer({ DATA_DIR: dataDir }, { waitForListen: false });
        expect(await second.exited).toBe(1);
        expect(second.output()).toMatch(/already open by another Parley process \(pid \d+\)/);
      } finally {
        expect(await first.stop()).toBe(0);
      }
    },
  );
});
