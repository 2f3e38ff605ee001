import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { ROLE } from "~/lib/auth/roles";
import { BROWSER_UA, HttpSession, locationOf } from "../support/http-session";
import { fetchTrusting, startNginx, type NginxProxy } from "../support/nginx";
import { allText, readPdf } from "../support/pdf";
import { freePort, startServer, type ServerProcess } from "../support/server-process";
import { linkIn, TestSmtpServer } from "../support/smtp";
import { eventReader } from "../support/sse";
import { startTestApp } from "../support/test-app";
import { freshPostgresDatabase } from "../support/test-database";

/**
 * Issue 14, item 1: the production server behind a real nginx terminating TLS, configured as
 * the README's "Production deployment" section says. A person signs up through the mailed
 * link, signs in, posts a dashboard form, follows an event stream and downloads a file —
 * every page form used to answer 400 here (React Router compared the browser's https Origin
 * with an http request URL).
 */

const PASSWORD = "behind the proxy all day";

describe("behind nginx terminating TLS", () => {
  let nginx: NginxProxy;
  let server: ServerProcess;
  let smtp: TestSmtpServer;
  let transport: ReturnType<typeof fetchTrusting>;
  let dropDatabase = async () => {};
  let n = 0;
  const browser = () =>
    new HttpSession(nginx.origin, { "x-forwarded-for": `10.44.0.${++n}` }, transport);

  beforeAll(async () => {
    smtp = new TestSmtpServer();
    await smtp.start();
    const fresh = await freshPostgresDatabase();
    if (fresh) dropDatabase = fresh.drop;
    const proxyPort = await freePort();
    server = await startServer(
      {
        ...(fresh ? { DATABASE_URL: fresh.url } : {}),
        PUBLIC_APP_ORIGIN: `https://localhost:${proxyPort}`,
        TRUSTED_PROXIES: "loopback",
        TRUSTED_PROXY_HEADER: "x-forwarded-for",
        SMTP_URL: smtp.url,
        SEED_DEMO_DATA: "false",
      },
      { startTimeoutMs: 150_000 },
    );
    nginx = await startNginx({ port: proxyPort, upstreamPort: server.port });
    transport = fetchTrusting(nginx.certificate.cert);
  }, 180_000);
  afterAll(async () => {
    transport?.close();
    await nginx?.stop();
    await server?.stop();
    await smtp?.stop();
    await dropDatabase();
  });

  let teacher: HttpSession;

  it("signs up, and the mailed https link verifies and signs in with a __Secure- cookie", async () => {
    teacher = browser();
    const page = await teacher.get("/auth/sign-up");
    expect(page.status).toBe(200);
    expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    await page.arrayBuffer();

    const signUp = await teacher.postForm("/auth/sign-up", {
      firstName: "Tess",
      lastName: "Proxy",
      email: "tess@proxy.test",
      password: PASSWORD,
      terms: "on",
    });
    expect(signUp.status).toBe(200);
    expect(await signUp.text()).toContain("tess@proxy.test");

    const mail = await smtp.waitFor("tess@proxy.test", "verifyEmail");
    const link = new URL(linkIn(mail, "/auth/verify/"));
    expect(link.origin).toBe(nginx.origin);
    const verify = await teacher.get(link.pathname);
    expect(verify.status).toBe(302);
    expect(locationOf(verify)).toBe("/dashboard?welcome=1");
    const cookies = verify.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith("__Secure-parley.session_token="));
    expect(session, cookies.join("\n")).toBeDefined();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    // Every cookie set over https is Secure.
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);

    const dashboard = await teacher.get("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Tess");
  });

  it("signs in with the page form (302, was 400)", async () => {
    const client = browser();
    const signIn = await client.postForm("/auth/sign-in", {
      email: "tess@proxy.test",
      password: PASSWORD,
    });
    expect(signIn.status).toBe(302);
    expect(locationOf(signIn)).toBe("/dashboard");
    expect(client.cookie("__Secure-parley.session_token")).toBeTruthy();
    expect((await client.get("/dashboard")).status).toBe(200);
  });

  let classId = "";

  it("posts a dashboard form and follows its class's event stream through the proxy", async () => {
    const created = await teacher.postForm("/dashboard/students/new-class", {
      name: "Proxy group",
      level: "",
    });
    expect(created.status).toBe(302);
    classId = locationOf(created).split("/").pop() ?? "";
    expect(classId).toMatch(/^[0-9a-f-]{36}$/);

    const stream = await teacher.get(`/api/events?class=${classId}`, {
      accept: "text/event-stream",
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = eventReader(stream);
    try {
      expect((await events.next(10_000)).event).toBe("hello");
      // A change made now arrives at once: the proxy does not buffer the stream.
      const card = await teacher.postForm(`/class/${classId}/live`, { intent: "card", card: "3" });
      expect(card.status).toBe(200);
      const live = await events.next(10_000);
      expect(live).toEqual({ event: "live", data: { exerciseId: null, card: 3 } });
    } finally {
      await events.close();
    }
  });

  it("downloads the account's data as a file", async () => {
    const download = await teacher.get("/dashboard/account/export");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="parley-data-[\d-]+\.json"$/,
    );
    const data = JSON.stringify(await download.json());
    expect(data).toContain("tess@proxy.test");
    expect(data).toContain("Proxy group");
  });

  it("downloads an exercise's PDF and slides through the proxy, whole", async () => {
    const pdf = await teacher.get(
      "/dashboard/exercises/lost-luggage-at-the-airport/pdf?part=cards&paper=letter",
    );
    expect(pdf.status).toBe(200);
    const pages = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
    expect(pages[0]).toMatchObject({ width: 612, height: 792 });
    expect(allText(pages)).toContain("Lost Luggage at the Airport");
    const slides = await teacher.get("/dashboard/exercises/lost-luggage-at-the-airport/slides");
    expect(slides.status).toBe(200);
    const bytes = new Uint8Array(await slides.arrayBuffer());
    expect(bytes.byteLength).toBe(Number(slides.headers.get("content-length")));
    // A PowerPoint file is a zip archive.
    expect(Buffer.from(bytes.subarray(0, 2)).toString()).toBe("PK");
  });

  it("ignores a client's own forwarded headers passed through the proxy", async () => {
    const client = browser();
    const signIn = await client.postForm(
      "/auth/sign-in",
      { email: "tess@proxy.test", password: PASSWORD },
      { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
    );
    // nginx replaces both headers with its own: the request is still the browser's.
    expect(signIn.status).toBe(302);
  });
});

describe("forwarded headers and who sends them", () => {
  const forwardedSignIn = async (trustedProxies: string) => {
    const app = await startTestApp({
      PUBLIC_APP_ORIGIN: "https://parley.example",
      TRUSTED_PROXIES: trustedProxies,
    });
    try {
      await ensureUser(app.services, {
        email: "fwd@proxy.test",
        firstName: "F",
        lastName: "W",
        role: ROLE.TEACHER,
        password: PASSWORD,
      });
      const response = await fetch(`${app.url}/auth/sign-in`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ email: "fwd@proxy.test", password: PASSWORD }),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "user-agent": BROWSER_UA,
          origin: "https://parley.example",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "parley.example",
        },
      });
      await response.arrayBuffer();
      return response.status;
    } finally {
      await app.close();
    }
  };

  // Each starts its own app: room to start on a busy machine (a limit, not a timed assertion).
  it("are ignored from a peer that is not a listed proxy: the https form is refused", async () => {
    expect(await forwardedSignIn("192.0.2.10")).toBe(400);
  }, 120_000);

  it("are honoured from a listed proxy: the same request signs in", async () => {
    expect(await forwardedSignIn("127.0.0.1")).toBe(302);
  }, 120_000);
});

describe("the admin panel's uploads behind nginx", () => {
  it("takes a picture larger than the proxy's general body limit at its upload address", async () => {
    const proxyPort = await freePort();
    const app = await startTestApp({
      PUBLIC_APP_ORIGIN: `https://localhost:${proxyPort}`,
      TRUSTED_PROXIES: "loopback",
    });
    const nginx = await startNginx({
      port: proxyPort,
      upstreamPort: Number(new URL(app.url).port),
    });
    const transport = fetchTrusting(nginx.certificate.cert);
    try {
      await ensureUser(app.services, {
        email: "uploads@proxy.test",
        firstName: "Ula",
        lastName: "Proxy",
        role: ROLE.TEACHER | ROLE.ADMIN,
        password: PASSWORD,
      });
      const admin = new HttpSession(nginx.origin, { "x-forwarded-for": "10.45.0.1" }, transport);
      const signIn = await admin.postForm("/auth/sign-in", {
        email: "uploads@proxy.test",
        password: PASSWORD,
      });
      expect(signIn.status).toBe(302);
      // Noise does not compress: a PNG of about 4 MB, twice nginx's limit elsewhere.
      const pixels = randomBytes(1200 * 1200 * 3);
      const png = new Uint8Array(
        await sharp(pixels, { raw: { width: 1200, height: 1200, channels: 3 } })
          .png()
          .toBuffer(),
      );
      expect(png.length).toBeGreaterThan(2 * 1024 * 1024);
      const body = new FormData();
      body.set("file", new Blob([png]), "noise.png");
      const uploaded = await admin.fetch("/admin/media", {
        method: "POST",
        body,
        headers: { origin: nginx.origin },
      });
      expect(uploaded.status).toBe(201);
      expect(((await uploaded.json()) as { src: string }).src).toMatch(
        /^\/media\/[a-f0-9]{24}\.webp$/,
      );
      // Elsewhere the proxy's own limit stands.
      const elsewhere = await admin.fetch("/dashboard/students/new-class", {
        method: "POST",
        body,
        headers: { origin: nginx.origin },
      });
      expect(elsewhere.status).toBe(413);
    } finally {
      transport.close();
      await nginx.stop();
      await app.close();
    }
  }, 120_000);
});
