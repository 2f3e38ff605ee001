import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userData } from "@db/schema";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 14, item 9: a NUL or a byte sequence that is not UTF-8 in any id or parameter — in
 * the path, the query string or a submitted field — is a 400 or a 404, never a 500.
 */

/** Percent-encoded sequences that are a NUL or not UTF-8 at all. */
const BAD = {
  nul: "%00",
  "lone continuation byte": "%80",
  "invalid byte": "%ff",
  "truncated sequence": "%e2%82",
  "overlong slash": "%c0%af",
  "encoded surrogate": "%ed%a0%80",
  "control character": "%01",
};

/** Where the bad value goes: `{}` is replaced by it. */
const SIGNED_IN_URLS = [
  "/class/{}",
  "/dashboard/lessons/{}",
  "/dashboard/exercises/{}",
  "/dashboard/materials/{}",
  "/dashboard/students?student={}",
  "/dashboard/students?q={}",
  "/dashboard/lessons/new?studentId={}",
  "/dashboard/lessons?student={}",
  "/dashboard/exercises?level={}",
  "/api/events?class={}",
  "/api/user/organization?userId={}",
  "/api/favorites?x={}",
  "/dashboard/{}",
  "/{}/dashboard",
];

const ANONYMOUS_URLS = [
  "/c/{}",
  "/auth/verify/{}",
  "/auth/recovery/{}",
  "/auth/sign-in?redirectTo={}",
  "/blog/{}",
  "/legal/{}",
  "/newsletter/{}",
  "/{}",
  "/{}/faq",
  "/redirect?to={}",
  "/faq?page={}",
  "/api/content/{}/query",
];

const PASSWORD = "bad bytes never crash";

describe("NUL and invalid UTF-8 in ids and parameters", () => {
  let app: TestApp;
  let teacher: HttpSession;
  let anonymous: HttpSession;
  let classId = "";

  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    const account = await signedInAccount(app, {
      email: "bytes@parley.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    teacher = account.client;
    await app.database.db
      .update(userData)
      .set({ trialExpiresAt: new Date(app.clock.now().getTime() + 7 * 24 * 3600_000) })
      .where(eq(userData.userId, account.id));
    const created = await teacher.postForm("/dashboard/students/new-class", {
      name: "Bytes group",
      level: "",
    });
    classId = locationOf(created).split("/").pop() ?? "";
    anonymous = new HttpSession(app.url, { "x-forwarded-for": "10.14.40.1" });
  });
  afterAll(() => app?.close());

  const urlCases = [
    ...SIGNED_IN_URLS.map((template) => ({ template, who: "teacher" as const })),
    ...ANONYMOUS_URLS.map((template) => ({ template, who: "anonymous" as const })),
  ].flatMap(({ template, who }) =>
    Object.entries(BAD).map(([name, bytes]) => ({
      url: template.replace("{}", bytes),
      name,
      who,
    })),
  );

  it.each(urlCases)("GET $url ($name, $who) → 400 or 404", async ({ url, who }) => {
    const client = who === "teacher" ? teacher : anonymous;
    const response = await client.get(url);
    await response.arrayBuffer();
    expect([400, 404]).toContain(response.status);
  });

  it("answers a data request (client navigation) with a bad id as a 400/404 too", async () => {
    const response = await teacher.get("/dashboard/lessons/%00.data");
    await response.arrayBuffer();
    expect([400, 404]).toContain(response.status);
  });

  const bodyCases: {
    name: string;
    path: () => string;
    body: () => { type: string; data: string };
  }[] = [
    {
      name: "share exerciseId with \\u0000 (form)",
      path: () => `/class/${classId}/share`,
      body: () => ({
        type: "application/x-www-form-urlencoded",
        data: new URLSearchParams({ intent: "share", exerciseId: "abc\u0000" }).toString(),
      }),
    },
    {
      name: "present exerciseId with \\u0000 (form)",
      path: () => `/class/${classId}/live`,
      body: () => ({
        type: "application/x-www-form-urlencoded",
        data: new URLSearchParams({ intent: "present", exerciseId: "\u0000" }).toString(),
      }),
    },
    {
      name: "favorite exerciseId with \\u0000 (JSON)",
      path: () => "/api/favorites",
      body: () => ({
        type: "application/json",
        data: JSON.stringify({ exerciseId: "x\u0000y", favorite: true }),
      }),
    },
    {
      name: "favorite exerciseId with \\u0000 (form)",
      path: () => "/api/favorites",
      body: () => ({
        type: "application/x-www-form-urlencoded",
        data: "exerciseId=%00&favorite=true",
      }),
    },
    {
      name: "favorite exerciseId with invalid UTF-8 (form)",
      path: () => "/api/favorites",
      body: () => ({
        type: "application/x-www-form-urlencoded",
        data: "exerciseId=%ff%fe&favorite=true",
      }),
    },
    {
      name: "student name with \\u0000 (form)",
      path: () => "/dashboard/students/new",
      body: () => ({
        type: "application/x-www-form-urlencoded",
        data: new URLSearchParams({ name: "Ann\u0000", level: "B1" }).toString(),
      }),
    },
    {
      name: "student id in the archive form with \\u0000",
      path: () => "/dashboard/students/archive",
      body: () => ({
        type: "application/x-www-form-urlencoded",
        data: new URLSearchParams({ intent: "archive", id: "\u0000" }).toString(),
      }),
    },
    {
      name: "lesson for a student id with \\u0000",
      path: () => "/dashboard/lessons/new?studentId=%00",
      body: () => ({ type: "application/x-www-form-urlencoded", data: "title=Lesson" }),
    },
  ];

  it.each(bodyCases)("POST $name → 400 or 404", async ({ path, body }) => {
    const { type, data } = body();
    const response = await teacher.fetch(path(), {
      method: "POST",
      body: data,
      headers: { "content-type": type, origin: app.url },
    });
    await response.arrayBuffer();
    expect([400, 404]).toContain(response.status);
  });
});
