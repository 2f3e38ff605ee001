import { describe, expect, it } from "vitest";
import { externalRedirectTarget, safeRedirectTarget } from "./redirect";

const BACKEND = "https://api.parley.example";

describe("/redirect target (spec §2.3)", () => {
  it.each([
    "https://api.parley.example/billing/return?session=abc",
    "https://api.parley.example",
    "https://API.PARLEY.EXAMPLE/path",
    "https://api.parley.example:443/x",
  ])("follows %s", (to) => {
    expect(externalRedirectTarget(to, BACKEND)).toBe(new URL(to).href);
  });

  it.each([
    ["look-alike host suffix", "https://api.parley.example.evil.test/"],
    ["look-alike with credentials", "https://api.parley.example@evil.test/"],
    ["credentials on the right host", "https://user:pass@api.parley.example/"],
    ["protocol-relative", "//evil.test/path"],
    ["protocol-relative to the backend", "//api.parley.example/path"],
    ["javascript URL", "javascript:alert(1)"],
    ["javascript URL, mixed case", "JaVaScRiPt:alert(document.cookie)"],
    ["data URL", "data:text/html,<script>alert(1)</script>"],
    ["plain http to the backend host", "http://api.parley.example/"],
    ["other port", "https://api.parley.example:8443/"],
    ["backslash host", "https:\\\\evil.test"],
    ["backslash after host", "https://api.parley.example\\@evil.test"],
    ["encoded scheme", "https%3A%2F%2Fapi.parley.example%2F"],
    ["double-encoded", "https%253A%252F%252Fevil.test"],
    ["relative path", "/dashboard"],
    ["leading whitespace", " https://api.parley.example/"],
    ["tab inside", "https://api.parley.exa\tmple/"],
    ["newline smuggling", "https://api.parley.example/\r\nLocation: https://evil.test"],
    ["null byte", "https://api.parley.example\u0000.evil.test/"],
    ["subdomain of the backend", "https://evil.api.parley.example/"],
    ["empty", ""],
    ["missing", null],
    ["very long", `https://api.parley.example/${"a".repeat(5000)}`],
  ])("goes home for %s", (_label, to) => {
    expect(externalRedirectTarget(to, BACKEND)).toBeNull();
  });
});

describe("redirectTo after sign-in never leaves the site", () => {
  // What a browser does with each answer: resolved against the page, it must stay here.
  const HERE = "https://parley.example";
  const landsHere = (target: string) => new URL(target, `${HERE}/auth/sign-in`).origin === HERE;

  it.each([
    ["protocol-relative", "//evil.example"],
    ["protocol-relative with path", "//evil.example/dashboard"],
    ["triple slash", "///evil.example"],
    ["dot segment then empty segment", "/.//evil.example"],
    ["parent segment then empty segment", "/a/..//evil.example"],
    ["parent segment at the root", "/..//evil.example"],
    ["several dot segments", "/./././/evil.example"],
    ["encoded dot segment", "/%2e//evil.example"],
    ["encoded parent segment", "/a/%2e%2e//evil.example"],
    ["mixed-case encoded dots", "/a/%2E%2e//evil.example"],
    ["backslash", "/\\evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["slash backslash", "/\\/evil.example"],
    ["encoded backslash", "/%5cevil.example"],
    ["encoded backslash, upper case", "/%5Cevil.example"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["encoded slash after slash", "/%2fevil.example"],
    ["double-encoded slashes", "/%252F%252Fevil.example"],
    ["double-encoded backslash", "/%255cevil.example"],
    ["triple-encoded slash", "/%25252fevil.example"],
    ["double-encoded dot segment", "/%252e//evil.example"],
    ["tab between slashes", "/\t/evil.example"],
    ["encoded tab between slashes", "/%09/evil.example"],
    ["newline between slashes", "/\n/evil.example"],
    ["encoded newline", "/%0a/evil.example"],
    ["carriage return", "/\r/evil.example"],
    ["encoded carriage return", "/%0D/evil.example"],
    ["NUL", "/\u0000/evil.example"],
    ["encoded NUL", "/%00/evil.example"],
    ["DEL", "/\u007f/evil.example"],
    ["header injection", "/dashboard\r\nLocation: https://evil.example"],
    ["encoded header injection", "/dashboard%0d%0aLocation:%20https://evil.example"],
    ["absolute https", "https://evil.example"],
    ["absolute http", "http://evil.example/dashboard"],
    ["scheme without slashes", "https:evil.example"],
    ["javascript", "javascript:alert(1)"],
    ["javascript, mixed case", "JaVaScRiPt:alert(document.domain)"],
    ["data URL", "data:text/html,<script>alert(1)</script>"],
    ["leading space", " //evil.example"],
    ["leading tab", "\t//evil.example"],
    ["encoded leading slashes", "%2F%2Fevil.example"],
    ["fullwidth solidus", "/\uff0f\uff0fevil.example"],
    ["encoded fullwidth solidus", "/%EF%BC%8F%EF%BC%8Fevil.example"],
    ["fullwidth reverse solidus", "/\uff3cevil.example"],
    ["division slash", "/\u2215\u2215evil.example"],
    ["credentials", "//user@evil.example"],
    ["relative path", "evil.example"],
    ["broken encoding", "%E0%A4%A"],
    ["empty", ""],
    ["very long", `/${"a".repeat(2100)}`],
  ])("%s → the dashboard", (_label, value) => {
    expect(safeRedirectTarget(value)).toBe("/dashboard");
  });

  it.each([
    ["/dashboard/students", "/dashboard/students"],
    ["/dashboard?x=1#top", "/dashboard?x=1#top"],
    ["/dashboard/students?tab=active&page=2", "/dashboard/students?tab=active&page=2"],
    [
      "/dashboard/exercises?q=role+play&level=B1#results",
      "/dashboard/exercises?q=role+play&level=B1#results",
    ],
    ["/dashboard/exercises?q=role%20play", "/dashboard/exercises?q=role%20play"],
    ["/dashboard/exercises?q=100%25", "/dashboard/exercises?q=100%25"],
    ["/dashboard?next=%2Fdashboard%2Flessons", "/dashboard?next=%2Fdashboard%2Flessons"],
    ["/pl/dashboard/lessons", "/pl/dashboard/lessons"],
    ["/c/ABC1234", "/c/ABC1234"],
    [
      "/class/0f8e5b1c-8f43-4c55-9c39-0c1f5d1b1a11#live",
      "/class/0f8e5b1c-8f43-4c55-9c39-0c1f5d1b1a11#live",
    ],
    ["/dashboard/./students", "/dashboard/students"],
    ["/dashboard/lessons/../students", "/dashboard/students"],
    ["/dashboard/exercises/żółw", "/dashboard/exercises/%C5%BC%C3%B3%C5%82w"],
  ])("keeps %s", (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });

  it("answers only targets a browser resolves to this site", () => {
    const samples = ["/.//evil.example", "/a/..//evil.example", "/dashboard?x=1#top", "//evil"];
    for (const sample of samples) expect(landsHere(safeRedirectTarget(sample))).toBe(true);
  });

  it("uses the given fallback", () => {
    expect(safeRedirectTarget("//evil.example", "/")).toBe("/");
    expect(safeRedirectTarget(null, "/")).toBe("/");
  });
});
