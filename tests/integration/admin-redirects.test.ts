import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAndTeacher } from "../support/accounts";
import { HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 15 item 5: the redirect table in Admin → Site settings. A rule takes effect at once,
 * is refused where it could lock the operator out or loop, and is written to the audit log.
 */

const PASSWORD = "redirects from the panel";

describe("admin redirects", () => {
  let app: TestApp;
  let admin: HttpSession;
  let teacher: HttpSession;

  beforeAll(async () => {
    app = await startTestApp();
    ({ admin, teacher } = await adminAndTeacher(app, "redirects.test", PASSWORD));
  });
  afterAll(async () => app?.close());

  const rule = {
    path: "/spring-offer",
    target: "/r/happy-week?utm_source=poster",
    matchType: "exact",
    statusCode: "302",
    note: "Posters in the staff room",
  };

  it("refuses rules that would lock the panel, loop, or point nowhere, with messages", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...rule, path: "/admin" }, "This address cannot be redirected"],
      [{ ...rule, path: "/auth/sign-in" }, "This address cannot be redirected"],
      [{ ...rule, path: "/", matchType: "prefix" }, "This address cannot be redirected"],
      [{ ...rule, path: "//evil.example" }, "Enter a path that starts with a single /"],
      [
        { ...rule, target: "javascript:alert(1)" },
        "Enter a path that starts with / or an https:// address",
      ],
      [{ ...rule, target: "/spring-offer" }, "The redirect would lead back to itself"],
    ];
    for (const [fields, message] of cases) {
      const answer = await admin.postForm("/admin/settings/redirects", fields);
      expect(answer.status, fields.path).toBe(400);
      expect(await answer.text()).toContain(message);
    }
    expect(
      (await admin.postForm("/admin/settings/redirects", { ...rule, statusCode: "200" })).status,
    ).toBe(400);
    expect((await teacher.postForm("/admin/settings/redirects", rule)).status).toBe(302);
    expect(app.services.routeRules.all()).toHaveLength(0);
  });

  it("redirects at once, refuses a second rule for the same path, and stops when deleted", async () => {
    const added = await admin.postForm("/admin/settings/redirects", rule);
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("Redirect added.");
    const visitor = new HttpSession(app.url);
    const sent = await visitor.get("/spring-offer?ref=a");
    expect(sent.status).toBe(302);
    expect(locationOf(sent)).toBe("/r/happy-week?ref=a&utm_source=poster");
    expect((await admin.postForm("/admin/settings/redirects", rule)).status).toBe(400);

    const page = await (await admin.get("/admin/settings")).text();
    expect(page).toContain("Posters in the staff room");
    const id = /name="id" value="(\d+)"/.exec(page)?.[1];
    expect(id).toBeDefined();
    const log = await (await admin.get("/admin/audit?action=redirect.add")).text();
    expect(log).toContain("/spring-offer");

    const deleted = await admin.postForm("/admin/settings/redirects", {
      intent: "delete",
      id: id!,
    });
    expect(deleted.status).toBe(200);
    expect((await visitor.get("/spring-offer")).status).toBe(404);
    expect(
      (await admin.postForm("/admin/settings/redirects", { intent: "delete", id: id! })).status,
    ).toBe(404);
  });
});
