import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestChangelogDate } from "~/features/changelog/changelog.server";
import { anonymousViewer, contentStore } from "~/features/content/store.server";
import { startTestApp, type TestApp } from "../support/test-app";

/** What the page asked before the per-version cache: the latest entry visible at `now`. */
async function latestByQuery(app: TestApp, now: Date): Promise<Date | null> {
  const store = await contentStore(app.database);
  const latest = await store
    .query("changelog", anonymousViewer(now))
    .order("publishedAt", "DESC")
    .select("publishedAt")
    .first();
  return latest ? new Date(latest.publishedAt) : null;
}

describe("the latest changelog date every signed-in page shows (Feature Lab dot)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("is the latest entry published by then, without a query once the dates are known", async () => {
    const store = await contentStore(app.database);
    const all = await store
      .query("changelog", anonymousViewer(new Date("9999-12-31T00:00:00Z")))
      .select("publishedAt")
      .all();
    const dates = all.map((r) => Date.parse(r.publishedAt)).sort((a, b) => a - b);
    expect(dates.length).toBeGreaterThan(1);
    // Before, at, and between the entries' dates, and after the last: same answer as a query.
    const moments = [dates[0]! - 1, ...dates, dates[0]! + 1, dates.at(-1)! + 86_400_000];
    await latestChangelogDate(app.database, new Date(moments[0]!));
    const before = store.executed;
    for (const moment of moments) {
      const now = new Date(moment);
      expect(await latestChangelogDate(app.database, now)).toEqual(await latestByQuery(app, now));
    }
    // The comparison queries ran; the cached answers did not add any.
    expect(store.executed - before).toBe(moments.length);
  });

  it("reads the dates again when the changelog's version changes", async () => {
    const store = await contentStore(app.database);
    const now = new Date("2030-01-01T00:00:00Z");
    await latestChangelogDate(app.database, now);
    const before = store.executed;
    const version = store.versions.changelog;
    store.versions.changelog = `${version ?? ""}-next`;
    try {
      await latestChangelogDate(app.database, now);
      expect(store.executed - before).toBe(1);
    } finally {
      store.versions.changelog = version;
    }
  });
});
