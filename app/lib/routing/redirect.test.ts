import { describe, expect, it } from "vitest";
import { externalRedirectTarget } from "./redirect";

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
