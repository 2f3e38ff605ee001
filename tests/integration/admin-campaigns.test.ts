import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "~/lib/auth/roles";
import { adminAndTeacher, signedInAccount } from "../support/accounts";
import type { HttpSession } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 15 item 4: campaigns are edited in Admin → Campaigns and take effect at once, on every
 * instance; bad input is refused with messages by field, and only administrators may do it.
 */

const PASSWORD = "campaigns from the panel";

describe("admin campaigns", () => {
  let app: TestApp;
  let admin: HttpSession;
  let teacher: HttpSession;

  beforeAll(async () => {
    app = await startTestApp();
    ({ admin, teacher } = await adminAndTeacher(app, "campaigns.test", PASSWORD));
  });
  afterAll(async () => app?.close());

  const happyWeek = {
    intent: "save",
    "happyWeek.enabled": "on",
    "happyWeek.startsAt": "2026-12-08T00:00",
    "happyWeek.endsAt": "2026-12-15T00:00",
    "happyWeek.percentOff": "25",
    "happyWeek.promotionCode": "WINTER25",
  };

  it("refuses wrong dates, percentages and codes with 400 and a message by field", async () => {
    const answer = await admin.postForm("/admin/campaigns", {
      ...happyWeek,
      "happyWeek.endsAt": "2026-12-01T00:00",
      "happyWeek.percentOff": "95",
      "happyWeek.promotionCode": "winter 25",
      "thanksgiving.enabled": "on",
      "thanksgiving.startsAt": "not a date",
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    for (const message of [
      "The end must come after the start",
      "Enter a whole number from 1 to 90",
      "Use 4 to 32 capital letters and digits",
      "Enter a date and a time",
      "The field is required",
    ])
      expect(html).toContain(message);
    expect((await admin.postForm("/admin/campaigns", { intent: "explode" })).status).toBe(400);
    expect(app.services.flags.getPromotions()).toEqual({ access: [], discount: null });
  });

  it("is for administrators only", async () => {
    expect((await teacher.get("/admin/campaigns")).status).toBe(302);
    expect((await teacher.postForm("/admin/campaigns", happyWeek)).status).toBe(302);
    expect(app.services.flags.getPromotions()).toEqual({ access: [], discount: null });
  });

  it("runs the saved discount at once, on this instance and on another sharing the database", async () => {
    const saved = await admin.postForm("/admin/campaigns", happyWeek);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Campaigns saved.");
    const page = await (await teacher.get("/r/happy-week")).text();
    expect(page).toContain("25% off");
    if (process.env.DATABASE_URL) {
      const other = await startTestApp(
        {},
        { sharedDatabaseUrl: app.databaseUrl, clock: app.clock },
      );
      try {
        const visitor = (
          await signedInAccount(other, {
            email: "second@campaigns.test",
            role: ROLE.TEACHER,
            password: PASSWORD,
          })
        ).client;
        expect(await (await visitor.get("/r/happy-week")).text()).toContain("25% off");
      } finally {
        await other.close();
      }
    }
    // The audit log says who did it, and is for administrators only.
    const log = await (await admin.get("/admin/audit?action=campaigns.save")).text();
    expect(log).toContain("Campaigns saved");
    expect(log).toContain("by owner@campaigns.test");
    expect(log).toContain("happyWeek: true");
    expect((await admin.get("/admin/audit?action=nonsense&page=-1")).status).toBe(200);
    expect((await teacher.get("/admin/audit")).status).toBe(302);
    // Back to the content file.
    const reset = await admin.postForm("/admin/campaigns", { intent: "reset" });
    expect(reset.status).toBe(200);
    expect(app.services.flags.getPromotions()).toBeUndefined();
  });
});
