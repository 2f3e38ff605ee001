import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.server";
import { parseTrustedProxies, settleForwardedHeaders } from "./proxy.server";

describe("TRUSTED_PROXIES", () => {
  it("matches addresses, ranges and named groups, IPv4-mapped peers included", () => {
    const proxies = parseTrustedProxies("loopback, 10.20.0.0/16, 203.0.113.7, 2001:db8::/32");
    for (const address of [
      "127.0.0.1",
      "::ffff:127.0.0.1",
      "::1",
      "10.20.3.4",
      "203.0.113.7",
      "2001:db8::5",
    ])
      expect(proxies.trusts(address), address).toBe(true);
    for (const address of ["10.21.0.1", "203.0.113.8", "192.168.1.1", "2001:db9::1", "", "x"])
      expect(proxies.trusts(address), address).toBe(false);
    expect(proxies.trusts(undefined)).toBe(false);
    expect(parseTrustedProxies("private").trusts("172.20.0.2")).toBe(true);
  });

  it("refuses a start with an entry that is not an address or range", () => {
    expect(() => loadEnv({ TRUSTED_PROXIES: "nginx.internal" })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadEnv({ TRUSTED_PROXIES: "10.0.0.0/33" })).toThrow(/prefix length/);
    expect(loadEnv({ TRUSTED_PROXIES: "loopback" }).TRUSTED_PROXIES).toBe("loopback");
  });
});

describe("forwarded headers", () => {
  const forwarded = () => ({
    host: "127.0.0.1:3000",
    "x-forwarded-proto": "https, http",
    "x-forwarded-host": "parley.example, evil.example",
    "x-forwarded-port": "443",
    forwarded: "for=1.2.3.4;proto=https",
    "x-forwarded-for": "1.2.3.4",
  });

  it("keeps the nearest proxy's values from a trusted proxy", () => {
    const headers: Record<string, string | undefined> = forwarded();
    settleForwardedHeaders(headers, { fromTrustedProxy: true, clientIpHeader: "x-forwarded-for" });
    expect(headers["x-forwarded-proto"]).toBe("https");
    expect(headers["x-forwarded-host"]).toBe("parley.example");
    expect(headers["x-forwarded-for"]).toBe("1.2.3.4");
  });

  it("removes every forwarded header, the client-address one too, from anyone else", () => {
    const headers: Record<string, string | undefined> = forwarded();
    settleForwardedHeaders(headers, { fromTrustedProxy: false, clientIpHeader: "x-forwarded-for" });
    expect(headers).toEqual({ host: "127.0.0.1:3000" });
  });

  it("takes what a trusted proxy leaves out (or sends malformed) from the public origin", () => {
    const bare: Record<string, string | undefined> = { host: "127.0.0.1:3000" };
    settleForwardedHeaders(bare, {
      fromTrustedProxy: true,
      publicOrigin: "https://parley.example",
    });
    expect(bare["x-forwarded-proto"]).toBe("https");
    expect(bare["x-forwarded-host"]).toBe("parley.example");

    const malformed: Record<string, string | undefined> = {
      "x-forwarded-proto": "javascript",
      "x-forwarded-host": "evil.example/@x",
    };
    settleForwardedHeaders(malformed, { fromTrustedProxy: true });
    expect(malformed).toEqual({});
  });
});
