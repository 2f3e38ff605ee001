import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpSession, locationOf } from "../support/http-session";
import { CuttableTcpProxy, startTestPostgres, type TestPostgres } from "../support/postgres";
import { startServer, type ServerProcess } from "../support/server-process";
import { linkIn, TestSmtpServer } from "../support/smtp";
import { eventReader } from "../support/sse";

/**
 * Issue 14, item 8: the production server on a real PostgreSQL reached through a TCP relay
 * the test cuts. While the database is unreachable, pages and APIs that need it answer 503
 * with Retry-After (never 500); once it is back they work again, event streams included,
 * without a restart.
 */

describe("database outage", () => {
  let postgres: TestPostgres;
  let relay: CuttableTcpProxy;
  let smtp: TestSmtpServer;
  let server: ServerProcess;
  let teacher: HttpSession;
  let classId = "";

  beforeAll(async () => {
    postgres = await startTestPostgres();
    relay = new CuttableTcpProxy("127.0.0.1", postgres.port);
    await relay.start();
    const viaRelay = new URL(postgres.url);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relay.port);
    smtp = new TestSmtpServer();
    await smtp.start();
    server = await startServer(
      {
        DATABASE_URL: viaRelay.toString(),
        SMTP_URL: smtp.url,
        SEED_DEMO_DATA: "false",
        DATABASE_POOL_MAX: "4",
      },
      { startTimeoutMs: 200_000 },
    );
    teacher = new HttpSession(server.url);
    await teacher.postForm("/auth/sign-up", {
      firstName: "Otto",
      lastName: "Age",
      email: "outage@db.test",
      password: "the database will be back",
      terms: "on",
    });
    const mail = await smtp.waitFor("outage@db.test", "verifyEmail");
    const verify = await teacher.get(new URL(linkIn(mail, "/auth/verify/")).pathname);
    expect(locationOf(verify)).toBe("/dashboard?welcome=1");
    const created = await teacher.postForm("/dashboard/students/new-class", {
      name: "Outage group",
      level: "",
    });
    classId = locationOf(created).split("/").pop() ?? "";
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await relay?.stop();
    await smtp?.stop();
    await postgres?.stop();
  });

  /** What a person, a browser's scripts and a load balancer ask for while it is down. */
  const probes: { name: string; send: () => Promise<Response> }[] = [
    { name: "dashboard page", send: () => teacher.get("/dashboard") },
    { name: "class page", send: () => teacher.get(`/class/${classId}`) },
    { name: "data download", send: () => teacher.get("/dashboard/account/export") },
    { name: "favorites API", send: () => teacher.get("/api/favorites") },
    { name: "event stream", send: () => teacher.get("/api/events") },
    {
      name: "dashboard form",
      send: () => teacher.postForm("/dashboard/students/new-class", { name: "X" }),
    },
    {
      name: "sign-in form",
      send: () =>
        new HttpSession(server.url).postForm("/auth/sign-in", {
          email: "outage@db.test",
          password: "the database will be back",
        }),
    },
    { name: "client navigation data", send: () => teacher.get("/dashboard/students.data") },
    { name: "readiness probe", send: () => fetch(`${server.url}/readyz`) },
  ];

  it("answers 503 with Retry-After while the database is unreachable, and recovers by itself", async () => {
    expect((await teacher.get("/api/favorites")).status).toBe(200);

    await relay.cut();
    const during: Record<string, string> = {};
    for (const probe of probes) {
      const response = await probe.send();
      await response.arrayBuffer();
      const retryAfter = Number(response.headers.get("retry-after"));
      during[probe.name] = `${response.status}${retryAfter > 0 ? " Retry-After" : ""}`;
    }
    expect(during).toEqual(Object.fromEntries(probes.map((p) => [p.name, "503 Retry-After"])));
    // The process itself is alive (liveness), only not ready.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const page = await teacher.get("/dashboard");
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("Temporarily unavailable");
    const api = await teacher.get("/api/favorites");
    expect(api.status).toBe(503);
    expect((await api.json()).error).toMatch(/database cannot be reached/);
    // Reported as the outage it is, not as a crash of each request.
    expect(server.output()).not.toContain("unhandled error");

    await relay.restore();
    const restoredAt = performance.now();
    await expect
      .poll(async () => (await teacher.get("/dashboard")).status, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(200);
    console.info(
      `database outage: pages answered again ${Math.round(performance.now() - restoredAt)} ms after the database came back`,
    );

    expect((await teacher.get("/api/favorites")).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    // Live events flow again: the LISTEN connection came back too.
    const stream = eventReader(await teacher.get(`/api/events?class=${classId}`));
    try {
      expect((await stream.next(10_000)).event).toBe("hello");
      await expect
        .poll(
          async () => {
            await teacher.postForm(`/class/${classId}/live`, { intent: "card", card: "4" });
            return (await stream.next(2_000).catch(() => null))?.event ?? null;
          },
          { timeout: 30_000, interval: 200 },
        )
        .toBe("live");
    } finally {
      await stream.close();
    }
  }, 120_000);
});
