import { chromium } from "@playwright/test";
import { startBenchServer, BENCH_AGENT } from "./bench-server.mjs";
const server = await startBenchServer("shots");
await server.ready();
const out = server.output();
const m = /(admin@parley\.example): set a password at (\S+)/.exec(out);
if (!m) {
  console.log(out.slice(0, 3000));
  await server.stop();
  process.exit(1);
}
const [_, email, link] = m;
const PW = "a long screenshot passphrase";
const headers = {
  "content-type": "application/x-www-form-urlencoded",
  origin: server.base,
  "user-agent": BENCH_AGENT,
};
await fetch(server.base + new URL(link).pathname, {
  method: "POST",
  headers,
  body: new URLSearchParams({ password: PW, confirmPassword: PW }),
  redirect: "manual",
});
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const locales = (process.env.LOCALES ?? "en").split(",");
const pages = (
  process.env.PAGES ??
  "/admin/exercises/all,/admin/exercises/would-you-rather/new,/admin/exercise/FIRST,/admin/material/FIRSTM"
).split(",");
for (const width of [1280, 390]) {
  for (const loc of locales) {
    const ctx = await browser.newContext({
      viewport: { width, height: 900 },
      userAgent: BENCH_AGENT + " HeadlessShots".replace(" HeadlessShots", ""),
    });
    await ctx.addCookies([{ name: "parley_locale", value: loc, url: server.base }]);
    const page = await ctx.newPage();
    page.on("pageerror", (e) => console.log("pageerror", e.message));
    page.on("console", (m) => m.type() === "error" && console.log("console", m.text()));
    await page.goto(server.base + "/auth/sign-in");
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', PW);
    await Promise.all([
      page.waitForURL(/dashboard/),
      page.locator('form button[type="submit"]').first().click(),
    ]);
    for (let p of pages) {
      if (p.includes("FIRSTM")) {
        await page.goto(server.base + "/admin/materials/all");
        p = new URL(
          await page.locator('[data-testid="admin-library-list"] a').first().getAttribute("href"),
          server.base,
        ).pathname;
      } else if (p.includes("FIRST")) {
        await page.goto(server.base + "/admin/exercises/all");
        p = new URL(
          await page.locator('[data-testid="admin-library-list"] a').first().getAttribute("href"),
          server.base,
        ).pathname;
      }
      const r = await page.goto(server.base + p);
      const sw = await page.evaluate(() => document.documentElement.scrollWidth);
      const name = `${loc}-${width}-${p.replace(/\W+/g, "_")}.png`;
      await page.screenshot({
        path: `/work/tmp/shots/${name}`,
        fullPage: process.env.FULL === "1",
      });
      console.log(r.status(), sw, name);
    }
    await ctx.close();
  }
}
await browser.close();
await server.stop();
