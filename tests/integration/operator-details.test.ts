import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentQuery } from "~/features/content/query";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { HttpSession } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 15 item 5: the operator's details (legal name, address, VAT number, country, support
 * and data-protection addresses) are set in Admin → Site settings and fill the legal pages,
 * the FAQ and the content API without a restart; no placeholder reaches a visitor.
 */

const PASSWORD = "operator details from the panel";
const NO_OPERATOR = {
  legalName: null,
  address: null,
  vatNumber: null,
  country: null,
  supportEmail: null,
  privacyEmail: null,
};

describe("site settings: the operator's details", () => {
  let app: TestApp;
  let admin: HttpSession;
  let teacher: HttpSession;

  beforeAll(async () => {
    app = await startTestApp();
    admin = (
      await signedInAccount(app, {
        email: "owner@operator.test",
        role: ROLE.TEACHER | ROLE.ADMIN,
        password: PASSWORD,
      })
    ).client;
    teacher = (
      await signedInAccount(app, {
        email: "teacher@operator.test",
        role: ROLE.TEACHER,
        password: PASSWORD,
      })
    ).client;
  });
  afterAll(async () => {
    await app?.services.flags.setOperator(NO_OPERATOR);
    await app?.close();
  });

  it("shows no placeholder or token before the operator gives details", async () => {
    await app.services.flags.setOperator(NO_OPERATOR);
    const visitor = new HttpSession(app.url);
    for (const path of [
      "/legal/terms",
      "/legal/privacy",
      "/legal/cookies",
      "/legal/refunds",
      "/faq",
    ]) {
      const html = await (await visitor.get(path)).text();
      expect(html, path).not.toMatch(/\{\{|\[Company legal name\]|\[Registered address\]/);
    }
    const terms = await (await visitor.get("/legal/terms")).text();
    expect(terms).toContain("operated by <strong>Parley</strong> (");
    expect(terms).toContain("the law of the country of our registered office.");
    expect(terms).toContain(app.services.env.SUPPORT_EMAIL);
  });

  it("fills the legal pages, the FAQ and the content API with what the admin saves", async () => {
    const saved = await admin.postForm("/admin/settings/operator", {
      legalName: "Rivers & Sons Sp. z o.o.",
      address: "ul. Długa 12, 80-827 Gdańsk, Poland",
      vatNumber: "PL5842712345",
      country: "Poland",
      supportEmail: "Help@Rivers.example",
      privacyEmail: "dpo@rivers.example",
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Operator details saved.");

    const visitor = new HttpSession(app.url);
    const terms = await (await visitor.get("/legal/terms")).text();
    expect(terms).toContain(
      "<strong>Rivers &amp; Sons Sp. z o.o.</strong>, ul. Długa 12, 80-827 Gdańsk, Poland, VAT PL5842712345",
    );
    expect(terms).toContain("the country of our registered office (<strong>Poland</strong>)");
    expect(terms).toContain("help@rivers.example");
    const privacy = await (await visitor.get("/legal/privacy")).text();
    expect(privacy).toContain("dpo@rivers.example");
    const polish = await (await visitor.get("/legal/terms", { "accept-language": "pl" })).text();
    expect(polish).toContain("Jego operatorem jest <strong>Rivers &amp; Sons Sp. z o.o.</strong>");
    expect(polish).toContain("prawu państwa siedziby operatora (<strong>Poland</strong>)");
    const faq = await (await visitor.get("/faq")).text();
    expect(faq).toContain("help@rivers.example");
    expect(faq).not.toContain("{{");

    // The browser's own content queries and SQL dump get the same text.
    let text = "";
    await contentQuery("legal", (_collection, sql) => {
      text = String(sql);
      return Promise.resolve([]);
    })
      .where("slug", "=", "cookies")
      .all();
    const answer = await teacher.postJson("/api/content/legal/query", { sql: text });
    expect(answer.status).toBe(200);
    const rows = (await answer.json()) as { body: string; locale: string }[];
    expect(rows.find((r) => r.locale === "en")?.body).toContain(
      "<strong>Rivers &amp; Sons Sp. z o.o.</strong>",
    );
    const dump = await (await visitor.get("/api/content/legal/sql_dump.txt")).text();
    expect(dump).toContain("help@rivers.example");
    expect(dump).not.toContain("{{support.email}}");

    // Bad input is answered with a message, and nothing is stored.
    const bad = await admin.postForm("/admin/settings/operator", {
      legalName: "x".repeat(201),
      supportEmail: "not an address",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Not a valid e-mail address");
    expect(app.services.flags.getOperator().legalName).toBe("Rivers & Sons Sp. z o.o.");
  });

  it("lets only administrators change them", async () => {
    const refused = await teacher.postForm("/admin/settings/operator", {
      legalName: "Mallory Ltd",
    });
    expect([302, 403, 404]).toContain(refused.status);
    const visitor = new HttpSession(app.url);
    const anonymous = await visitor.postForm("/admin/settings/operator", { legalName: "Eve" });
    expect([302, 401, 403, 404]).toContain(anonymous.status);
    expect(app.services.flags.getOperator().legalName).not.toMatch(/Mallory|Eve/);
  });
});
