import { expect, it } from "vitest";
import { HttpSession, locationOf } from "../support/http-session";
import { RawConnection, requestHead } from "../support/raw-http";
import { startServer } from "../support/server-process";
import { linkIn, TestSmtpServer } from "../support/smtp";
import { eventReader } from "../support/sse";
import { freshPostgresDatabase } from "../support/test-database";

/**
 * Issue 14, item 7: on SIGTERM the production server at once answers /readyz with 503 and
 * tells its event streams to reconnect elsewhere (and ends them, without waiting for the
 * grace period, here two minutes), finishes every request it had received, and exits 0.
 * Counted, not timed: 10 requests in flight at SIGTERM → 10 answered.
 */

const IN_FLIGHT = 10;
const report = JSON.stringify({ kind: "error", message: "in flight at SIGTERM" });

it("drains on SIGTERM: readyz 503, event streams closed at once, 10 of 10 requests in flight answered, exit 0", async () => {
  const smtp = new TestSmtpServer();
  await smtp.start();
  const fresh = await freshPostgresDatabase();
  const server = await startServer(
    {
      ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      SMTP_URL: smtp.url,
      SEED_DEMO_DATA: "false",
      SHUTDOWN_GRACE_MS: "120000",
    },
    { startTimeoutMs: 150_000 },
  );
  const connections: RawConnection[] = [];
  try {
    // A signed-in teacher with two live event streams (two open pages).
    const teacher = new HttpSession(server.url);
    const signUp = await teacher.postForm("/auth/sign-up", {
      firstName: "Sig",
      lastName: "Term",
      email: "sigterm@shutdown.test",
      password: "drain the server gently",
      terms: "on",
    });
    expect(signUp.status).toBe(200);
    const mail = await smtp.waitFor("sigterm@shutdown.test", "verifyEmail");
    const verify = await teacher.get(new URL(linkIn(mail, "/auth/verify/")).pathname);
    expect(locationOf(verify)).toBe("/dashboard?welcome=1");
    const streams = await Promise.all(
      [1, 2].map(async () => eventReader(await teacher.get("/api/events"))),
    );
    for (const stream of streams) expect((await stream.next(10_000)).event).toBe("hello");

    // A readiness probe whose request line has arrived (the rest of its head comes later).
    const probe = await RawConnection.open(server.port);
    connections.push(probe);
    await probe.write("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n");

    // Ten requests the server has received and is handling: each got "100 Continue" (the
    // server read its head and started the route), and each waits for its body.
    for (let i = 0; i < IN_FLIGHT; i++) {
      const connection = await RawConnection.open(server.port);
      connections.push(connection);
      await connection.write(
        requestHead("POST", "/api/client-errors", {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(report),
          Expect: "100-continue",
        }),
      );
      expect((await connection.response(20_000)).status).toBe(100);
    }
    const inFlight = connections.slice(1);

    server.child.kill("SIGTERM");

    // The event streams are told to reconnect and end while the ten are still waiting.
    for (const stream of streams) {
      expect(await stream.next(20_000)).toEqual({
        event: "reconnect",
        data: { reason: "shutdown" },
      });
      await expect(stream.next(20_000)).rejects.toThrow("stream ended");
    }
    await probe.write("\r\n");
    const ready = await probe.response();
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: "draining" });

    // Each in-flight request now gets its body, and its answer.
    await Promise.all(inFlight.map((connection) => connection.write(report)));
    const answered = (await Promise.all(inFlight.map((c) => c.response(20_000)))).filter(
      (response) => response.status === 204,
    ).length;
    expect(answered).toBe(IN_FLIGHT);

    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  } finally {
    for (const connection of connections) connection.close();
    await server.stop();
    await smtp.stop();
    await fresh?.drop();
  }
}, 240_000);
