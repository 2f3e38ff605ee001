import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletters } from "@db/schema";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { HttpSession } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";
import { until } from "../support/until";

/**
 * The public newsletter archive (/newsletter) lists the newsletters the admin sent from the
 * panel and ticked "Show in the public newsletter archive", among the issues written in
 * content/newsletter, newest first; each can be read at /newsletter/sent/:id. Unsent or
 * private newsletters, and ids that are no ids, are the app's 404, never a 500.
 */

const PASSWORD = "an archive open to everyone";
const BODY = [
  "## Hello from Parley",
  "This month brings **five new warm-ups** for B1 groups (*each* ready in under a minute), and a tip on think time that works at every level, from shy beginners to chatty advanced groups.",
  "- Two-minute debates\n- Picture stories",
  "See you next month, and happy teaching!",
].join("\n\n");

describe("newsletter archive", () => {
  let app: TestApp;
  let admin: HttpSession;
  const ids: Record<"open" | "older" | "private" | "scheduled", number> = {
    open: 0,
    older: 0,
    private: 0,
    scheduled: 0,
  };

  async function send(subject: string, fields: Record<string, string>) {
    const response = await admin.postForm("/admin/newsletters/new", {
      subject,
      body: BODY,
      audience: "marketing",
      when: "now",
      scheduledFor: "",
      intent: "send",
      ...fields,
    });
    expect(response.status).toBe(200);
    const [row] = await app.database.db
      .select({ id: newsletters.id })
      .from(newsletters)
      .where(eq(newsletters.subject, subject));
    return row!.id;
  }

  async function sent(id: number) {
    await until(`newsletter ${id} to be sent`, async () => {
      const [row] = await app.database.db
        .select({ status: newsletters.status })
        .from(newsletters)
        .where(eq(newsletters.id, id));
      return row?.status === "sent" ? row : undefined;
    });
  }

  beforeAll(async () => {
    app = await startTestApp();
    admin = (
      await signedInAccount(app, {
        email: "archivist@news.test",
        role: ROLE.TEACHER | ROLE.ADMIN,
        password: PASSWORD,
      })
    ).client;
    // The compose form offers the archive, ticked.
    const form = await (await admin.get("/admin/newsletters")).text();
    expect(form).toMatch(/<input[^>]*name="inArchive"[^>]*checked=""/);
    expect(form).toContain("Show in the public newsletter archive");

    ids.open = await send("Warm-ups for tired Mondays", { inArchive: "on" });
    ids.older = await send("Debates for the autumn term", { inArchive: "on" });
    ids.private = await send("Only for our subscribers", {});
    const later = new Date(app.clock.now().getTime() + 3 * 24 * 3600_000);
    ids.scheduled = await send("Next month's surprise", {
      inArchive: "on",
      when: "later",
      scheduledFor: later.toISOString().slice(0, 16),
    });
    await Promise.all([sent(ids.open), sent(ids.older), sent(ids.private)]);
    // Sent between the content issues of September and October.
    await app.database.db
      .update(newsletters)
      .set({ sentAt: new Date("2026-10-01T08:00:00Z") })
      .where(eq(newsletters.id, ids.older));
  });
  afterAll(async () => {
    await app?.close();
  });

  it("lists sent newsletters ticked for the archive among the content issues, newest first", async () => {
    const response = await new HttpSession(app.url).get("/newsletter");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/^public, .*s-maxage=60\b/);
    const html = await response.text();
    const at = (text: string) => {
      const index = html.indexOf(text);
      expect(index, text).toBeGreaterThan(-1);
      return index;
    };
    const order = [
      at(`href="/newsletter/sent/${ids.open}"`),
      at("Feedback that helps"),
      at("Listen first, then talk"),
      at(`href="/newsletter/sent/${ids.older}"`),
      at("One exercise, every screen"),
      at("Back to school"),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain("Warm-ups for tired Mondays");
    // The teaser is the start of the body's prose as plain text, cut at a word.
    expect(html).toContain(
      '<p class="mt-2 text-slate-700">This month brings five new warm-ups for B1 groups (each ready in under a minute), and a tip on think time that works at every level, from shy beginners to chatty advanced groups. See you next month…</p>',
    );
    expect(html).not.toContain("Hello from Parley");
    // Not ticked, or not sent yet: not listed.
    expect(html).not.toContain("Only for our subscribers");
    expect(html).not.toContain("Next month&#x27;s surprise");
    expect(html).not.toContain(`/newsletter/sent/${ids.private}"`);
    expect(html).not.toContain(`/newsletter/sent/${ids.scheduled}"`);
    // Search engines find the listed ones too, and only those.
    const sitemap = await (await new HttpSession(app.url).get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/newsletter/sent/${ids.open}</loc>`);
    expect(sitemap).not.toContain(`/newsletter/sent/${ids.private}</loc>`);
    expect(sitemap).not.toContain(`/newsletter/sent/${ids.scheduled}</loc>`);
  });

  it("shows a listed newsletter on its own page, in English inside any interface language", async () => {
    const response = await new HttpSession(app.url).get(`/newsletter/sent/${ids.open}`, {
      "accept-language": "ar",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/^public/);
    const html = await response.text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toMatch(/<article lang="en" dir="ltr"[^>]*>/);
    expect(html).toContain("Warm-ups for tired Mondays</h1>");
    expect(html).toContain("<strong>five new warm-ups</strong>");
    expect(html).toContain("<li>Picture stories</li>");
    expect(html).toContain(
      '<p class="text-sm text-slate-600" lang="ar" dir="rtl"><time dateTime="2026-12-09T',
    );
  });

  it("keeps the archive box as the admin left it after a preview", async () => {
    const fields = {
      subject: "Just looking",
      body: BODY,
      audience: "marketing",
      when: "now",
      scheduledFor: "",
      intent: "preview",
    };
    const box = /<input[^>]*name="inArchive"[^>]*>/;
    const unticked = await (await admin.postForm("/admin/newsletters/new", fields)).text();
    expect(unticked.match(box)?.[0]).not.toContain("checked");
    const ticked = await (
      await admin.postForm("/admin/newsletters/new", { ...fields, inArchive: "on" })
    ).text();
    expect(ticked.match(box)?.[0]).toContain('checked=""');
  });

  it("answers 404 for unknown, private and unsent newsletters and for ids that are no ids", async () => {
    const visitor = new HttpSession(app.url);
    for (const id of [
      String(ids.private),
      String(ids.scheduled),
      "99999",
      "abc",
      "0",
      "-1",
      "1e1",
      "0x1",
      `${ids.open}.5`,
      `0${ids.open}`,
      "2147483648",
      "99999999999999999999999",
      "%E2%80%AE1",
    ]) {
      const response = await visitor.get(`/newsletter/sent/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.text(), id).toContain("<title>Page not found</title>");
    }
    // A NUL is refused before any route sees it.
    expect((await visitor.get("/newsletter/sent/%00")).status).toBe(400);
    // The data a client navigation fetches says the same.
    expect((await visitor.get(`/newsletter/sent/${ids.private}.data`)).status).toBe(404);
    expect((await visitor.get("/newsletter/sent/abc.data")).status).toBe(404);
  });
});
