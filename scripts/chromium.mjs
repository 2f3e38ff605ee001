// Debian's Chromium as the project's scripts launch it (the same flags as playwright.config.ts):
// browsers that download themselves do not work on these machines.
import { chromium } from "@playwright/test";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}
