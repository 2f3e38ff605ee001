import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { E2E_PASSWORD } from "./global-setup";

export { E2E_PASSWORD };

export interface Mail {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

/** Waits for a mail that the app sent to the test SMTP server. */
export async function waitForMail(to: string, kind: string, timeoutMs = 15_000): Promise<Mail> {
  const dir = process.env.E2E_MAILBOX ?? path.resolve("test-results/mailbox");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith(".json")) continue; // still being written
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Mail;
      if (mail.to.includes(to.toLowerCase()) && mail.kind === kind) return mail;
    }
    if (Date.now() > deadline) throw new Error(`No ${kind} mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function linkIn(mail: Mail, pathPrefix: string): string {
  const url = [...mail.text.matchAll(/https?:\/\/\S+/g)]
    .map((m) => m[0])
    .find((u) => new URL(u).pathname.startsWith(pathPrefix));
  if (!url) throw new Error(`No ${pathPrefix} link in ${mail.subject}`);
  const { pathname, search } = new URL(url);
  return pathname + search;
}

export async function signIn(page: Page, email: string, password = E2E_PASSWORD) {
  await page.goto("/auth/sign-in");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}
