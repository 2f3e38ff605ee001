import { describe, expect, it } from "vitest";
import { isolatePaths } from "./bidi";

describe("isolatePaths", () => {
  it("wraps each address in a left-to-right isolate and leaves the rest alone", () => {
    expect(isolatePaths("ينضم الطلاب عبر الرابط /c/EHKBWB2. شارك")).toBe(
      "ينضم الطلاب عبر الرابط \u2066/c/EHKBWB2\u2069. شارك",
    );
    expect(isolatePaths("e.g. /dashboard/exercises/lost-luggage-at-the-airport")).toBe(
      "e.g. \u2066/dashboard/exercises/lost-luggage-at-the-airport\u2069",
    );
    expect(isolatePaths("either/or and 3/4 stay as they are")).toBe(
      "either/or and 3/4 stay as they are",
    );
  });

  it("wraps a full address, with its origin, as one", () => {
    expect(isolatePaths("رابط الانضمام: http://127.0.0.1:3000/c/EHKBWB2")).toBe(
      "رابط الانضمام: \u2066http://127.0.0.1:3000/c/EHKBWB2\u2069",
    );
    expect(isolatePaths("link https://parley.example/c/AB1. Next")).toBe(
      "link \u2066https://parley.example/c/AB1\u2069. Next",
    );
  });

  it("does not wrap twice", () => {
    const once = isolatePaths("link: /c/ABC");
    expect(isolatePaths(once)).toBe(once);
  });
});
