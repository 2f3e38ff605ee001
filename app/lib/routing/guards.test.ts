import { describe, expect, it } from "vitest";
import { confirmUrl, guardDecision, isAdminPath, isDashboardPath, MAX_CONFIRM_URL } from "./guards";

describe("path classes (spec §2.4)", () => {
  it.each([
    ["/dashboard", true, false],
    ["/dashboard/", true, false],
    ["/dashboard/exercises/12", true, false],
    ["/pl/dashboard/exercises/12", true, false],
    ["/dashboards", false, false],
    ["/admin", false, true],
    ["/admin/users", false, true],
    ["/administrator", false, false],
    ["/blog/dashboard-tips", false, false],
  ])("%s → dashboard %s, admin %s", (path, dashboard, admin) => {
    expect(isDashboardPath(path)).toBe(dashboard);
    expect(isAdminPath(path)).toBe(admin);
  });
});

describe("guard decisions", () => {
  const teacher = { isAdmin: false };
  const admin = { isAdmin: true };
  it.each([
    ["anonymous on a public page", "/faq", null, { type: "allow" }],
    [
      "anonymous on the dashboard",
      "/dashboard",
      null,
      { type: "redirect", to: "/auth/confirm?redirectTo=%2Fdashboard" },
    ],
    [
      "anonymous on admin",
      "/admin/users",
      null,
      { type: "redirect", to: "/auth/confirm?redirectTo=%2Fadmin%2Fusers" },
    ],
    ["teacher on sign-in", "/auth/sign-in", teacher, { type: "redirect", to: "/dashboard" }],
    ["teacher on sign-up", "/auth/sign-up", teacher, { type: "redirect", to: "/dashboard" }],
    ["teacher on confirm", "/auth/confirm", teacher, { type: "allow" }],
    ["teacher on admin", "/admin", teacher, { type: "redirect", to: "/dashboard" }],
    ["teacher on the dashboard", "/dashboard/lessons", teacher, { type: "allow" }],
    ["admin on admin", "/admin/users", admin, { type: "allow" }],
  ])("%s", (_label, pathname, user, expected) => {
    expect(guardDecision({ pathname, search: "", user })).toEqual(expected);
  });

  it("keeps the query string on the way to /auth/confirm", () => {
    expect(confirmUrl("/dashboard", "?code=abc&state=xyz")).toBe(
      "/auth/confirm?code=abc&state=xyz&redirectTo=%2Fdashboard%3Fcode%3Dabc%26state%3Dxyz",
    );
  });

  it("sends a page asked for with a huge query back without it, in a Location clients accept", () => {
    const huge = `?email=${"a".repeat(8000)}&intent=${"b".repeat(4000)}`;
    const url = confirmUrl("/dashboard/features", huge);
    expect(url).toBe("/auth/confirm?redirectTo=%2Fdashboard%2Ffeatures");
    expect(confirmUrl(`/dashboard/${"x".repeat(5000)}`, "")).toBe(
      "/auth/confirm?redirectTo=%2Fdashboard",
    );
    expect(confirmUrl("/dashboard", `?q=${"c".repeat(1900)}`).length).toBeLessThanOrEqual(
      MAX_CONFIRM_URL,
    );
  });
});

describe("student accounts in a class see the class, never the library", () => {
  const student = { isAdmin: false, student: { classId: "c1" } };
  it.each([
    ["/dashboard", "/class/c1"],
    ["/dashboard/exercises", "/class/c1"],
    ["/pl/dashboard/exercises/some-id", "/class/c1"],
    ["/dashboard/materials", "/class/c1"],
    ["/dashboard/students", "/class/c1"],
    ["/dashboard/lessons/new", "/class/c1"],
    ["/auth/sign-in", "/dashboard"],
    ["/admin", "/dashboard"],
  ])("%s → %s", (pathname, to) => {
    expect(guardDecision({ pathname, search: "", user: student })).toEqual({
      type: "redirect",
      to,
    });
  });

  it.each(["/dashboard/account", "/dashboard/notifications", "/class/c1", "/faq"])(
    "may open %s",
    (pathname) => {
      expect(guardDecision({ pathname, search: "", user: student })).toEqual({ type: "allow" });
    },
  );

  it("leaves a student without a class on the dashboard (spec §6)", () => {
    expect(
      guardDecision({
        pathname: "/dashboard",
        search: "",
        user: { isAdmin: false, student: { classId: null } },
      }),
    ).toEqual({ type: "allow" });
  });
});
