import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { type HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * "Rate our app" (spec §2.5, §4): a teacher is asked after their third finished lesson, and the
 * review form refuses an empty or repeated submission with a message (issue 13 item 14).
 */
describe("reviews", () => {
  let app: TestApp;
  let client: HttpSession;
  const PASSWORD = "review form passphrase";

  beforeAll(async () => {
    app = await startTestApp();
    ({ client } = await signedInAccount(app, {
      email: "rita@reviews.test",
      firstName: "Rita",
      lastName: "Teacher",
      role: ROLE.TEACHER,
      password: PASSWORD,
    }));
  });
  afterAll(() => app?.close());

  async function asksForReview() {
    const res = await client.get("/dashboard");
    const document = new JSDOM(await res.text()).window.document;
    return document.querySelector('[data-testid="topbar-review"]') !== null;
  }

  it("asks a teacher for a review after the third lesson they finish", async () => {
    const student = await client.postForm("/dashboard/students/new", {
      name: "Ola Review",
    });
    const studentId = new URL(locationOf(student), app.url).searchParams.get("student") ?? "";
    expect(studentId).not.toBe("");
    for (let i = 1; i <= 3; i++) {
      expect(await asksForReview()).toBe(false);
      const created = await client.postForm(`/dashboard/lessons/new?studentId=${studentId}`, {
        title: `Lesson ${i}`,
        date: app.clock.now().toISOString().slice(0, 10),
        time: "10:00",
        timeZone: "UTC",
      });
      expect(created.status).toBe(302);
      const done = await client.postForm(`${locationOf(created)}/status`, { intent: "done" });
      expect(done.status).toBeLessThan(400);
    }
    expect(await asksForReview()).toBe(true);
  });

  it("refuses a review without stars, and the same review twice, with a message", async () => {
    const page = await client.get("/r/review");
    expect(page.status).toBe(200);
    // Opening the page counts as starting the review: the prompt goes away.
    expect(await asksForReview()).toBe(false);

    const empty = await client.postForm("/r/review", { text: "No stars here." });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Choose a rating from one to five stars.");

    const review = { rating: "4", text: "Saves me an hour a week.", consentToPublish: "on" };
    const sent = await client.postForm("/r/review", review);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Thank you for your review");

    const again = await client.postForm("/r/review", review);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You have already sent this review.");

    const changed = await client.postForm("/r/review", { ...review, rating: "5" });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Thank you for your review");
  });
});
