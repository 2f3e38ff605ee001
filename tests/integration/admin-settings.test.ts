import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { HttpSession } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 15 item 5 (part): the administrator switches maintenance from the admin panel, with
 * a note to visitors and the expected end; it takes effect without a restart, administrators
 * keep working, bad input is answered with messages and never a 500.
 */

const PASSWORD = "maintenance switched from the panel";

describe("site settings: the maintenance switch", () => {
  let app: TestApp;
  let admin: HttpSession;
  let teacher: HttpSession;

  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    admin = (
      await signedInAccount(app, {
        email: "operator@settings.test",
        role: ROLE.TEACHER | ROLE.ADMIN,
        password: PASSWORD,
      })
    ).client;
    teacher = (
      await signedInAccount(app, {
        email: "teacher@settings.test",
        role: ROLE.TEACHER,
        password: PASSWORD,
      })
    ).client;
  });
  afterAll(async () => {
    await app?.services.flags.setMaintenance({ enabled: false, message: null, until: null });
    await app?.close();
  });

  /** A datetime-local value (UTC) `hours` after the app's clock. */
  const inHours = (hours: number) =>
    new Date(app.clock.now().getTime() + hours * 3600_000).toISOString().slice(0, 16);

  it("switches maintenance on with a note and an expected end, and off again", async () => {
    const page = await admin.get("/admin/settings");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Maintenance is off: the site is open.");

    const until = inHours(2);
    const on = await admin.postForm("/admin/settings/maintenance", {
      enabled: "on",
      message: "We are moving to a faster <database>.",
      until,
    });
    expect(on.status).toBe(200);
    expect(await on.text()).toContain("Maintenance is on for every instance.");

    const visitor = new HttpSession(app.url);
    const closed = await visitor.get("/faq");
    expect(closed.status).toBe(503);
    const html = await closed.text();
    // The note as written (escaped), and the expected end as a machine-readable time.
    expect(html).toContain("We are moving to a faster &lt;database&gt;.");
    expect(html).toMatch(new RegExp(`datetime="${until}:00\\.000Z"`, "i"));
    expect(html).toContain("Expected back:");
    // Browsers and crawlers are told to come back when it is expected to end.
    const retryAfter = Number(closed.headers.get("retry-after"));
    expect(retryAfter).toBeLessThanOrEqual(2 * 3600);
    expect(retryAfter).toBeGreaterThan(2 * 3600 - 300);
    expect((await teacher.get("/dashboard")).status).toBe(503);
    // The administrator keeps working, and sees the state.
    expect((await admin.get("/dashboard")).status).toBe(200);
    expect(await (await admin.get("/admin/settings")).text()).toContain("Maintenance is on.");

    const off = await admin.postForm("/admin/settings/maintenance", { message: "", until: "" });
    expect(off.status).toBe(200);
    expect(await off.text()).toContain("Maintenance is off: the site is open again.");
    expect((await visitor.get("/faq")).status).toBe(200);
  });

  it("answers bad input with messages, never a 500, and changes nothing", async () => {
    for (const [fields, text] of [
      [{ enabled: "on", until: "tomorrow" }, "Enter a date and time, or leave the field empty."],
      [{ enabled: "on", until: inHours(-1) }, "That time has already passed."],
      [{ enabled: "on", message: "x".repeat(501) }, "500"],
      [{ enabled: "yes" }, ""],
    ] as const) {
      const response = await admin.postForm("/admin/settings/maintenance", fields);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(text);
    }
    expect(app.services.flags.getMaintenance().enabled).toBe(false);
  });

  it("is for administrators only", async () => {
    expect((await teacher.get("/admin/settings")).status).toBe(302);
    const refused = await teacher.postForm("/admin/settings/maintenance", { enabled: "on" });
    expect([302, 403]).toContain(refused.status);
    expect((await new HttpSession(app.url).get("/admin/settings")).status).toBe(302);
    expect(app.services.flags.getMaintenance().enabled).toBe(false);
  });
});
