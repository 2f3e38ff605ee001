import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { EnvError, EnvSchema, getPublicEnv, loadEnv } from "./env.server";

describe("loadEnv", () => {
  it("applies defaults for an empty environment", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe("./data");
    expect(env.appOrigin).toBe("http://localhost:3000");
  });

  it("names every invalid variable in one error", () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: "eighty",
        DATABASE_URL: "mysql://db",
        LOG_LEVEL: "loud",
        PUBLIC_APP_ORIGIN: "https://x.test/path",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    for (const name of ["PORT", "DATABASE_URL", "LOG_LEVEL", "PUBLIC_APP_ORIGIN"])
      expect(message).toContain(name);
    expect((error as EnvError).issues).toHaveLength(4);
  });

  it("requires paired secrets together", () => {
    expect(() => loadEnv({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadEnv({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it("takes a Google stand-in address only with Google credentials", () => {
    expect(() => loadEnv({ GOOGLE_OAUTH_URL: "http://127.0.0.1:9000" })).toThrow(
      /GOOGLE_OAUTH_URL: only used with GOOGLE_CLIENT_ID/,
    );
    expect(() =>
      loadEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s", GOOGLE_OAUTH_URL: "nope" }),
    ).toThrow(/GOOGLE_OAUTH_URL/);
    const env = loadEnv({
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "s",
      GOOGLE_OAUTH_URL: "http://127.0.0.1:9000",
    });
    expect(env.GOOGLE_OAUTH_URL).toBe("http://127.0.0.1:9000");
  });

  it("treats empty strings as unset", () => {
    const env = loadEnv({ DATABASE_URL: "", SMTP_URL: "", AUTH_SECRET: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("exposes only the allowlisted values to the browser", () => {
    const env = loadEnv({
      AUTH_SECRET: "x".repeat(40),
      STRIPE_SECRET_KEY: "sk_test_secret",
      STRIPE_WEBHOOK_SECRET: "whsec_secret",
      SMTP_URL: "smtp://user:pass@mail.test",
    });
    const json = JSON.stringify(getPublicEnv(env));
    expect(json).not.toContain("secret");
    expect(json).not.toContain("pass@");
    expect(Object.keys(getPublicEnv(env)).sort()).toEqual(
      [
        "appOrigin",
        "backendOrigin",
        "googleSignIn",
        "paymentsEnabled",
        "recaptchaSiteKey",
        "supportEmail",
        "turnstileSiteKey",
      ].sort(),
    );
  });
});

describe(".env.example", () => {
  const text = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
  const entries = Object.fromEntries(
    text
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );

  it("documents exactly the variables the app reads", () => {
    expect(Object.keys(entries).sort()).toEqual(Object.keys(EnvSchema.shape).sort());
  });

  it("is itself a valid configuration", () => {
    expect(() => loadEnv(entries)).not.toThrow();
  });
});
