import fs from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import getPort from "get-port";
import Stripe from "stripe";
import { seedStripe } from "~/features/membership/stripe-seed.server";
import { StripeStandIn } from "../../scripts/stripe-standin";
import { startServer, tempDir } from "../support/server-process";
import { TestSmtpServer } from "../support/smtp";

export const E2E_PASSWORD = "a long e2e passphrase";
const STRIPE_WEBHOOK_SECRET = "whsec_e2e_standin";

/**
 * One production server on a fresh embedded database for the whole run, with mail going to
 * an SMTP server in this process (each mail also saved as JSON for the test workers). The
 * seeded administrator gets its password through the one-time link the server prints, as a
 * newcomer would set it: the test fixtures (fixtures.ts) sign in as it only to give their
 * fresh accounts administrator rights; every test makes and removes its own people.
 * Everything is stopped by its process, never by name.
 */
export default async function globalSetup(_config: FullConfig) {
  const results = path.resolve("test-results");
  const mailbox = path.join(results, "mailbox");
  fs.rmSync(mailbox, { recursive: true, force: true });
  fs.mkdirSync(mailbox, { recursive: true });
  const smtp = new TestSmtpServer(mailbox);
  await smtp.start();
  // Payments go to the local Stripe stand-in, through the real Stripe SDK in the app.
  const standin = new StripeStandIn({ webhookSecret: STRIPE_WEBHOOK_SECRET });
  await standin.start(await getPort());
  // Each test browses from its own address (X-Forwarded-For), so per-IP limits apply per test.
  const server = await startServer({
    DATA_DIR: tempDir("parley-e2e-"),
    LOG_LEVEL: "warn",
    SMTP_URL: smtp.url,
    TRUSTED_PROXY_HEADER: "x-forwarded-for",
    STRIPE_SECRET_KEY: "sk_test_e2e",
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: standin.url,
  });
  standin.setWebhookUrl(`${server.url}/api/stripe/webhook`);
  await seedStripe(
    new Stripe("sk_test_e2e", { host: "127.0.0.1", port: standin.port, protocol: "http" }),
  );
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAILBOX = mailbox;

  for (const email of ["admin@parley.example"]) {
    const link = new RegExp(`${email}: set a password at (\\S+)`).exec(server.output())?.[1];
    if (!link)
      throw new Error(
        `No set-password link for ${email} in the server output:\n${server.output()}`,
      );
    const response = await fetch(`${server.url}${new URL(link).pathname}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        "user-agent": "Mozilla/5.0 Chrome/156",
      },
      body: new URLSearchParams({ password: E2E_PASSWORD, confirmPassword: E2E_PASSWORD }),
      redirect: "manual",
    });
    if (response.status !== 302)
      throw new Error(`Setting the password of ${email} answered ${response.status}`);
  }
  fs.writeFileSync(path.join(results, "e2e-server.pid"), String(server.child.pid));

  return async () => {
    const code = await server.stop();
    await smtp.stop();
    await standin.stop();
    if (code !== 0) process.stderr.write(`e2e server exited with ${code}\n${server.output()}\n`);
  };
}
