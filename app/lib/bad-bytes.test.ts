import { describe, expect, it } from "vitest";
import { badBytesInUrl, containsNul } from "./bad-bytes";

const base = "http://parley.test";

describe("bad bytes in a request address", () => {
  it.each([
    ["/class/%00", "nul"],
    ["/dashboard/students?student=%00", "nul"],
    ["/x?a=1&b=%00", "nul"],
    ["/blog/%01", "control"],
    ["/blog/a%0Ab", "control"],
    ["/x?q=%7f", "control"],
    ["/class/%ff", "encoding"],
    ["/class/%80", "encoding"],
    ["/x?q=%e2%82", "encoding"],
    ["/x?q=%c0%af", "encoding"],
    ["/x?q=%ed%a0%80", "encoding"],
    ["/x/%F0%9F%98", "encoding"],
  ])("%s is refused (%s)", (path, reason) => {
    expect(badBytesInUrl(path)).toBe(reason);
    expect(badBytesInUrl(`${base}${path}`)).toBe(reason);
  });

  it.each([
    "/",
    "/dashboard/lessons/8d0f4a4e-2b1c-4f7e-9a51-1d2e3f4a5b6c",
    "/pl/faq",
    "/x?q=za%C5%BC%C3%B3%C5%82%C4%87",
    "/x?q=%F0%9F%98%80",
    "/x?q=line%0D%0Aline%09tab",
    "/x?q=100%",
    "/x?q=a+b",
    "/x?q=%zz",
    "/%E4%B8%AD%E6%96%87",
  ])("%s is accepted", (path) => {
    expect(badBytesInUrl(path)).toBeNull();
  });
});

describe("NUL in a parsed body", () => {
  it("finds it in strings, keys and nested values", () => {
    expect(containsNul("a\u0000")).toBe(true);
    expect(containsNul({ exerciseId: "\u0000" })).toBe(true);
    expect(containsNul({ "a\u0000": 1 })).toBe(true);
    expect(containsNul({ list: [1, { deep: ["x", "y\u0000"] }] })).toBe(true);
    expect(containsNul({ exerciseId: "abc", n: 1, ok: true, none: null })).toBe(false);
    expect(containsNul("\\u0000")).toBe(false);
  });
});
