import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exercises, materials, userData } from "@db/schema";
import { ensureUser } from "~/features/account/admin-tasks.server";
import { ROLE } from "~/lib/auth/roles";
import type { Services } from "~/lib/services.server";
import { HttpSession } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

const PASSWORD = "library test passphrase";

describe("the library over HTTP", () => {
  let app: TestApp;
  let free: HttpSession;
  let premium: HttpSession;
  let premiumId = "";
  let lockedId = "";
  let freeId = "";
  let lockedMaterial = "";
  let n = 0;

  async function signIn(email: string) {
    const client = new HttpSession(app.url, { "x-forwarded-for": `10.3.0.${++n}` });
    expect((await client.postForm("/auth/sign-in", { email, password: PASSWORD })).status).toBe(
      302,
    );
    return client;
  }

  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    const services = app.services as Services;
    await ensureUser(services, {
      email: "free@library.test",
      firstName: "Fr",
      lastName: "Ee",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    const premiumUser = await ensureUser(services, {
      email: "premium@library.test",
      firstName: "Pre",
      lastName: "Mium",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    premiumId = premiumUser.id;
    await app.database.db
      .update(userData)
      .set({
        membershipPlan: 1,
        subscriptionStatus: "active",
        subscriptionId: "sub_test",
        subscriptionStatusUpdatedAt: app.clock.now(),
      })
      .where(eq(userData.userId, premiumId));
    // Nothing temporary-free, so "locked" depends only on isFree in these tests.
    await app.database.db.update(exercises).set({ freeExpiresAt: null });
    const [locked] = await app.database.db
      .select()
      .from(exercises)
      .where(eq(exercises.isFree, false))
      .limit(1);
    const [open] = await app.database.db
      .select()
      .from(exercises)
      .where(eq(exercises.isFree, true))
      .limit(1);
    const [lockedM] = await app.database.db
      .select()
      .from(materials)
      .where(eq(materials.isFree, false))
      .limit(1);
    lockedId = locked!.id;
    freeId = open!.id;
    lockedMaterial = lockedM!.id;
    free = await signIn("free@library.test");
    premium = await signIn("premium@library.test");
  });
  afterAll(async () => {
    await app?.close();
  });

  async function lockedContentOf(id: string) {
    const [row] = await app.database.db.select().from(exercises).where(eq(exercises.id, id));
    const content = row!.content as Record<string, unknown>;
    // The first card text that the locked page's title and summary (shown to everyone) do
    // not also begin with.
    const shown = `${row!.title} ${row!.summary}`;
    const firstText =
      [
        ...JSON.stringify(content).matchAll(
          /"(?:question|situation|motion|word|optionA|prompt|scenario|statement)":"([^"]{12,})"/g,
        ),
      ]
        .map((m) => m[1]!)
        .find((text) => !shown.includes(text.slice(0, 20))) ?? "";
    const note = (row!.teacherNotes as { steps: string[] }).steps[0]!;
    return { firstText, note };
  }

  it("shows a free user a premium exercise as locked, without its content, on every route", async () => {
    const { firstText, note } = await lockedContentOf(lockedId);
    expect(firstText.length).toBeGreaterThan(11);
    for (const path of [
      `/dashboard/exercises/${lockedId}`,
      `/pl/dashboard/exercises/${lockedId}`,
      `/dashboard/exercises/${lockedId}.data`,
    ]) {
      const response = await free.get(path);
      const body = await response.text();
      expect(response.status, path).toBe(200);
      expect(body, path).not.toContain(firstText);
      expect(body, path).not.toContain(note.slice(0, 40));
    }
    const page = await (await free.get(`/dashboard/exercises/${lockedId}`)).text();
    expect(page).toContain('data-testid="locked-exercise"');
    expect(page).toContain("/dashboard/membership");
  });

  it("never sends locked content through search, favorites, the dashboard or the data export", async () => {
    const { firstText, note } = await lockedContentOf(lockedId);
    await free.postForm("/api/favorites", { exerciseId: lockedId, favorite: "true" });
    for (const path of [
      "/dashboard/exercises",
      "/dashboard/exercises.data",
      `/dashboard/exercises?q=${encodeURIComponent(firstText.split(" ").slice(0, 3).join(" "))}`,
      "/dashboard/favorites",
      "/dashboard/favorites.data",
      "/dashboard",
      "/dashboard.data",
      "/api/favorites",
      "/dashboard/account/export",
    ]) {
      const body = await (await free.get(path)).text();
      expect(body, path).not.toContain(firstText);
      expect(body, path).not.toContain(note.slice(0, 40));
    }
  });

  it("opens everything for premium members, and free exercises for everyone", async () => {
    const { firstText } = await lockedContentOf(lockedId);
    const premiumPage = await (await premium.get(`/dashboard/exercises/${lockedId}`)).text();
    expect(premiumPage).toContain(firstText.replace(/'/g, "&#x27;").slice(0, 20));
    expect(premiumPage).not.toContain('data-testid="locked-exercise"');
    const freePage = await (await free.get(`/dashboard/exercises/${freeId}`)).text();
    expect(freePage).not.toContain('data-testid="locked-exercise"');
  });

  it("links exercises in the interface's language, so a Polish teacher stays in Polish", async () => {
    const polish = await signIn("free@library.test");
    polish.setCookie("parley_locale", "pl");
    const library = await (await polish.get("/dashboard/exercises")).text();
    expect(library).toContain('<html lang="pl"');
    expect(library).toMatch(/href="\/pl\/dashboard\/exercises\/[a-z0-9-]+"/);
    expect(library).not.toMatch(/href="\/dashboard\/exercises\/[a-z0-9-]+"/);
    const page = await polish.get(`/pl/dashboard/exercises/${freeId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="pl"');
    // English stays unprefixed.
    const english = await (await premium.get("/dashboard/exercises")).text();
    expect(english).toContain(`href="/dashboard/exercises/`);
  });

  it("opens a temporary-free exercise until its expiry and locks it after", async () => {
    const { firstText } = await lockedContentOf(lockedId);
    const snippet = firstText.replace(/'/g, "&#x27;").slice(0, 20);
    await app.database.db
      .update(exercises)
      .set({ freeExpiresAt: new Date(app.clock.now().getTime() + 60_000) })
      .where(eq(exercises.id, lockedId));
    // As an admin edit does: every instance reloads its search index.
    await app.database.notify("library_changed", "test");
    const [row] = await app.database.db
      .select({ title: exercises.title })
      .from(exercises)
      .where(eq(exercises.id, lockedId));
    // The free filter reads the reloaded index: poll until the notification has arrived.
    await expect
      .poll(async () =>
        (
          await free.get(`/dashboard/exercises.data?free=1&q=${encodeURIComponent(row!.title)}`)
        ).text(),
      )
      .toContain(lockedId);
    expect(await (await free.get(`/dashboard/exercises/${lockedId}`)).text()).toContain(snippet);
    await app.database.db
      .update(exercises)
      .set({ freeExpiresAt: new Date(app.clock.now().getTime() - 1000) })
      .where(eq(exercises.id, lockedId));
    expect(await (await free.get(`/dashboard/exercises/${lockedId}`)).text()).not.toContain(
      snippet,
    );
    // The edit is announced too, so the index (and the counts it answers) forget the offer.
    await app.database.notify("library_changed", "test");
    await expect
      .poll(async () =>
        (
          await free.get(`/dashboard/exercises.data?free=1&q=${encodeURIComponent(row!.title)}`)
        ).text(),
      )
      .not.toContain(lockedId);
  });

  it("locks premium materials the same way", async () => {
    const [row] = await app.database.db
      .select()
      .from(materials)
      .where(eq(materials.id, lockedMaterial));
    const line = row!.body
      .split("\n")
      .find((l) => l.trim().length > 30)!
      .trim()
      .slice(0, 30);
    const freeBody = await (await free.get(`/dashboard/materials/${lockedMaterial}`)).text();
    expect(freeBody).toContain('data-testid="locked-material"');
    const dataBody = await (await free.get(`/dashboard/materials/${lockedMaterial}.data`)).text();
    expect(dataBody).not.toContain(
      line
        .replace(/[*_#|]/g, "")
        .slice(0, 15)
        .trim() || "unreachable-marker",
    );
    expect(
      await (await premium.get(`/dashboard/materials/${lockedMaterial}`)).text(),
    ).not.toContain('data-testid="locked-material"');
  });

  it("finds words despite typos and stemming, and counts per filter value", async () => {
    const html = await (await premium.get("/dashboard/exercises?q=enviroment")).text();
    expect(html).toContain("Showing results for “environment”");
    const total = (page: string) => Number(/(\d+) exercises?</.exec(page)?.[1]);
    const count = total(html);
    expect(count).toBeGreaterThan(5);
    // Counts per filter value: each level shows how many of these results it has, which is
    // what choosing it gives; every exercise has one level, so they add up to the total.
    const levelCount = (page: string, level: string) =>
      Number(
        new RegExp(`name="level" value="${level}"[^]*?tabular-nums[^>]*>(\\d+)<`).exec(page)?.[1],
      );
    const levels = ["A1", "A2", "B1", "B2", "C1", "C2"].map((level) => levelCount(html, level));
    expect(levels.reduce((a, b) => a + b, 0)).toBe(count);
    const b1 = levelCount(html, "B1");
    expect(b1).toBeGreaterThan(0);
    expect(
      total(await (await premium.get("/dashboard/exercises?q=enviroment&level=B1")).text()),
    ).toBe(b1);
    const data = await (
      await premium.get("/dashboard/exercises.data?q=travelling&level=B1")
    ).text();
    expect(data).toContain("lost-luggage-at-the-airport");
  });

  it("narrows by grammar point, language function and skill, each value counting what it gives", async () => {
    const total = (page: string) => Number(/(\d+) exercises?</.exec(page)?.[1]);
    const countOf = (page: string, name: string, value: string) =>
      Number(
        new RegExp(`name="${name}" value="${value}"[^]*?tabular-nums[^>]*>(\\d+)<`).exec(page)?.[1],
      );
    const all = await (await premium.get("/dashboard/exercises?level=B2")).text();
    // The first values the page offers (a long group shows those with results first).
    const offered = (name: string) =>
      [...all.matchAll(new RegExp(`name="${name}" value="([a-z-]+)"`, "g"))].map((m) => m[1]!);
    const [point, second] = offered("grammar");
    const [fn] = offered("function");
    const byPoint = countOf(all, "grammar", point!);
    const byFunction = countOf(all, "function", fn!);
    const fluency = countOf(all, "skill", "fluency");
    for (const n of [byPoint, byFunction, fluency]) {
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThan(total(all));
    }
    const narrowed = await (
      await premium.get(`/dashboard/exercises?level=B2&grammar=${point}`)
    ).text();
    expect(total(narrowed)).toBe(byPoint);
    // Two values of one filter: either may match.
    const either = await (
      await premium.get(`/dashboard/exercises?level=B2&grammar=${point}&grammar=${second}`)
    ).text();
    expect(total(either)).toBeGreaterThanOrEqual(byPoint);
    expect(
      total(await (await premium.get(`/dashboard/exercises?level=B2&function=${fn}`)).text()),
    ).toBe(byFunction);
    expect(
      total(await (await premium.get("/dashboard/exercises?level=B2&skill=fluency")).text()),
    ).toBe(fluency);
    // An unknown value is dropped, not an error.
    expect((await premium.get("/dashboard/exercises?grammar=future-perfect-ish")).status).toBe(200);
  });

  it("handles malformed filters and a 10,000-character query without failing", async () => {
    expect(
      (await premium.get("/dashboard/exercises?level=Z9&type=x&duration=x&page=abc&sort=%27;drop"))
        .status,
    ).toBe(200);
    // A NUL byte is refused before the router (issue 14: 400, never 500).
    expect((await premium.get("/dashboard/exercises?type=%00")).status).toBe(400);
    expect((await premium.get(`/dashboard/exercises?q=${"a".repeat(10_000)}`)).status).toBe(200);
    expect(
      (await premium.get(`/dashboard/exercises?q=${encodeURIComponent("' & | ! :* <-> ()")}`))
        .status,
    ).toBe(200);
  });

  it("gives an unknown exercise the 404 page", async () => {
    const response = await premium.get("/dashboard/exercises/no-such-exercise");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain(
      "Page Not Found: /dashboard/exercises/no-such-exercise",
    );
  });

  it("stores favorites per user and refuses unknown exercises", async () => {
    const before = await (await premium.get("/api/favorites")).json();
    expect(before.favorites).toEqual([]);
    expect(
      (await premium.postJson("/api/favorites", { exerciseId: freeId, favorite: true })).status,
    ).toBe(200);
    expect((await premium.get("/api/favorites").then((r) => r.json())).favorites).toEqual([freeId]);
    expect((await free.get("/api/favorites").then((r) => r.json())).favorites).not.toContain(
      freeId,
    );
    expect(
      (await premium.postJson("/api/favorites", { exerciseId: "nope", favorite: true })).status,
    ).toBe(404);
    expect(
      (await premium.postJson("/api/favorites", { exerciseId: freeId, favorite: false })).status,
    ).toBe(200);
    expect(
      (
        await new HttpSession(app.url).postJson("/api/favorites", {
          exerciseId: freeId,
          favorite: true,
        })
      ).status,
    ).toBe(401);
  });

  it("counts a temporary-free exercise as free and lists it with its badge until it expires", async () => {
    const DAY = 86_400_000;
    const count = async () =>
      (await (await fetch(`${app.url}/api/resources/count`)).json()) as {
        allExercisesCount: number;
        freeExercisesCount: number;
        allMaterialsCount: number;
        freeMaterialsCount: number;
      };
    const before = await count();
    expect(before.allExercisesCount).toBeGreaterThanOrEqual(400);
    expect(before.freeExercisesCount).toBeGreaterThan(60);
    expect(before.allMaterialsCount).toBeGreaterThanOrEqual(80);
    expect(before.freeMaterialsCount).toBeGreaterThan(10);

    // A premium exercise no other test touches becomes free for a day.
    const [premiumExercise] = await app.database.db
      .select({ id: exercises.id, title: exercises.title })
      .from(exercises)
      .where(and(eq(exercises.isFree, false), ne(exercises.id, lockedId)))
      .limit(1);
    const { id, title } = premiumExercise!;
    const started = app.clock.now();
    await app.database.db
      .update(exercises)
      .set({ freeExpiresAt: new Date(started.getTime() + DAY) })
      .where(eq(exercises.id, id));
    await app.database.notify("library_changed", "test");
    const freeList = `/dashboard/exercises?free=1&q=${encodeURIComponent(title)}`;
    const link = `href="/dashboard/exercises/${id}"`;
    await expect.poll(async () => (await free.get(freeList)).text()).toContain(link);
    const listed = await (await free.get(freeList)).text();
    // Nothing else is temporary-free (beforeAll cleared them), so the badge is this one's.
    expect(listed).toContain("Free for now");
    expect(await count()).toEqual({
      ...before,
      freeExercisesCount: before.freeExercisesCount + 1,
    });

    // A day later it is premium again: no longer counted, listed or badged as free.
    app.clock.advance(DAY + 1000);
    try {
      expect(await count()).toEqual(before);
      const after = await (await free.get(freeList)).text();
      expect(after).not.toContain(link);
      expect(after).not.toContain("Free for now");
    } finally {
      app.clock.set(started);
    }
  });

  it("leads admins from the Audio link to track management, teachers to Listening", async () => {
    expect((await premium.get("/dashboard/audio")).headers.get("location")).toBe(
      "/dashboard/listening",
    );
    await ensureUser(app.services, {
      email: "admin@library.test",
      firstName: "Ad",
      lastName: "Min",
      role: ROLE.TEACHER | ROLE.ADMIN,
      password: PASSWORD,
    });
    const admin = await signIn("admin@library.test");
    const audio = await admin.get("/dashboard/audio");
    expect(audio.headers.get("location")).toBe("/admin/audio");
    const tracks = await admin.get("/admin/audio");
    expect(tracks.status).toBe(200);
    expect(await tracks.text()).toContain("Listening tracks");
  });
});
