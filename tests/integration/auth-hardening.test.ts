import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "~/lib/auth/roles";
import { signedInAccount } from "../support/accounts";
import { HttpSession, locationOf } from "../support/http-session";
import { startTestApp, type TestApp } from "../support/test-app";

const PASSWORD = "a lighthouse keeper's long notebook";

let app: TestApp;
let ip = 0;
/** Each client gets its own address so per-address limits never meet between tests. */
const client = () => new HttpSession(app.url, { "x-forwarded-for": `10.30.0.${++ip}` });

beforeAll(async () => {
  app = await startTestApp({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
});
afterAll(async () => {
  await app?.close();
});

describe("redirectTo through the real routes", () => {
  const HOSTILE = [
    "/.//evil.example",
    "/a/..//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "/%2e%2e//evil.example",
    "//evil.example",
    "https://evil.example/",
  ];

  it("sign-in sends every hostile target to the dashboard and keeps a real one", async () => {
    await signedInAccount(app, {
      email: "redirect@school.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    for (const redirectTo of [...HOSTILE, "/dashboard/students?tab=active#top"]) {
      const response = await client().postForm("/auth/sign-in", {
        email: "redirect@school.test",
        password: PASSWORD,
        redirectTo,
      });
      expect(response.status, redirectTo).toBe(302);
      const expected = redirectTo.startsWith("/dashboard/") ? redirectTo : "/dashboard";
      expect(locationOf(response), redirectTo).toBe(expected);
    }
  });

  it("/auth/confirm sends a signed-in visitor to the dashboard for every hostile target", async () => {
    const { client: signedIn } = await signedInAccount(app, {
      email: "confirm@school.test",
      role: ROLE.TEACHER,
      password: PASSWORD,
    });
    for (const redirectTo of HOSTILE) {
      const response = await signedIn.get(
        `/auth/confirm?redirectTo=${encodeURIComponent(redirectTo)}`,
      );
      expect(response.status, redirectTo).toBe(302);
      expect(locationOf(response), redirectTo).toBe("/dashboard");
    }
    const kept = await signedIn.get(
      `/auth/confirm?redirectTo=${encodeURIComponent("/dashboard/lessons?week=2")}`,
    );
    expect(locationOf(kept)).toBe("/dashboard/lessons?week=2");
  });
});
