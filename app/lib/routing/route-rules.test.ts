import { describe, expect, it } from "vitest";
import { ruleDestination } from "./route-rules";

describe("route rule destinations", () => {
  it.each([
    ["/faq", "?x=1", "/faq?x=1"],
    ["/faq", "", "/faq"],
    ["/faq#billing", "?x=1&y=2", "/faq?x=1&y=2#billing"],
    ["/faq?lang=pl", "?x=1", "/faq?x=1&lang=pl"],
    ["/faq?x=target", "?x=request&y=2", "/faq?y=2&x=target"],
    ["https://help.example/docs", "?q=a%20b", "https://help.example/docs?q=a+b"],
  ])("%s with %s goes to %s", (target, search, expected) => {
    expect(ruleDestination(target, search)).toBe(expected);
  });
});
