import { describe, expect, it } from "vitest";
import { clearCookie, cookieValue, featureLabCookie, hasCookie, signedUpCookie } from "./cookies";

const pair = (setCookie: string) => setCookie.split(";")[0]!;

describe("Parley's cookies", () => {
  it("are written with their declared attributes", async () => {
    const header = await signedUpCookie.serialize("1");
    expect(header).toMatch(/^parley_signed_up=/);
    expect(header).toContain("Max-Age=31536000");
    expect(header).toContain("Path=/");
    expect(header).toContain("SameSite=Lax");
    expect(await clearCookie(signedUpCookie)).toContain("Max-Age=0");
  });

  it("read back what they wrote", async () => {
    const header = pair(await featureLabCookie.serialize("1764000000000"));
    expect(await cookieValue(featureLabCookie, `a=b; ${header}`)).toBe("1764000000000");
  });

  it("still read the plain values browsers kept from before createCookie", async () => {
    expect(await cookieValue(signedUpCookie, "parley_signed_up=1")).toBe("1");
    expect(await cookieValue(featureLabCookie, "x=1; parley_lab_opened=1764000000000")).toBe(
      "1764000000000",
    );
  });

  it("tell when there is none", async () => {
    expect(await cookieValue(signedUpCookie, null)).toBeNull();
    expect(await cookieValue(signedUpCookie, "other=1")).toBeNull();
    expect(hasCookie(signedUpCookie, "other=1")).toBe(false);
    expect(hasCookie(signedUpCookie, pair(await signedUpCookie.serialize("1")))).toBe(true);
    expect(hasCookie(signedUpCookie, "parley_signed_up=1")).toBe(true);
  });
});
