import getPort from "get-port";
import Stripe from "stripe";
import type { Promotions } from "~/features/membership/promotions";
import { seedStripe } from "~/features/membership/stripe-seed.server";
import { StripeStandIn } from "../support/stripe-standin";
import { startServer, tempDir, type ServerProcess } from "../support/server-process";
import { TestSmtpServer } from "../support/smtp";

export const E2E_PASSWORD = "a long e2e passphrase";
const STRIPE_WEBHOOK_SECRET = "whsec_e2e_standin";

export interface E2eServer {
  url: string;
  server: ServerProcess;
  /** Stops the server, then its mail and Stripe stand-ins; answers the server's exit code. */
  stop(): Promise<number | string>;
}

/**
 * A production server on a fresh embedded database, as the e2e tests use it: mail goes to an
 * SMTP server in this process (each mail also saved as JSON in `mailbox` for the test
 * workers), payments to the local Stripe stand-in through the real Stripe SDK, and the seeded
 * administrator gets its password through the one-time link the server prints, as a
 * newcomer would set it. Everything is stopped by its process, never by name.
 */
export async function startE2eServer(
  mailbox: string,
  options: { env?: Record<string, string>; promotions?: Promotions | null } = {},
): Promise<E2eServer> {
  const smtp = new TestSmtpServer(mailbox);
  await smtp.start();
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
    ...options.env,
  });
  standin.setWebhookUrl(`${server.url}/api/stripe/webhook`);
  await seedStripe(
    new Stripe("sk_test_e2e", { host: "127.0.0.1", port: standin.port, protocol: "http" }),
    options.promotions ?? null,
  );

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

  return {
    url: server.url,
    server,
    async stop() {
      const code = await server.stop();
      await smtp.stop();
      await standin.stop();
      if (code !== 0) process.stderr.write(`e2e server exited with ${code}\n${server.output()}\n`);
      return code;
    },
  };
}
