import { chromium } from "@playwright/test";
import { startBenchServer, BENCH_AGENT } from "./scripts/bench-server.mjs";

const locales = (process.argv[2] ?? "en").split(",");
const server = await startBenchServer("shots", { SEED_DEMO_DATA: "true" });
await server.ready();
const EMAIL = "admin@parley.example";
const PASSWORD = "a long screenshot passphrase";
const link = new RegExp(`${EMAIL}: set a password at (\\S+)`).exec(server.output())?.[1];
const headers = { "content-type": "application/x-www-form-urlencoded", origin: server.base, "user-agent": BENCH_AGENT };
await fetch(server.base + new URL(link).pathname, { method: "POST", headers, body: new URLSearchParams({ password: PASSWORD, confirmPassword: PASSWORD }), redirect: "manual" });
const answer = await fetch(`${server.base}/auth/sign-in`, { method: "POST", headers, body: new URLSearchParams({ email: EMAIL, password: PASSWORD }), redirect: "manual" });
const cookies = answer.headers.getSetCookie().map((c) => { const [nv] = c.split(";"); const i = nv.indexOf("="); return { name: nv.slice(0, i), value: nv.slice(i + 1), url: server.base }; });
const users = await (await fetch(`${server.base}/admin/users?q=teacher%40parley`, { headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") } })).text();
const teacherId = /href="\/admin\/user\/([^"]+)"/.exec(users)?.[1];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const pages = [
  ["tracks", "/admin/audio"],
  ["track", "/admin/audio/a1-my-family-photo"],
  ["track-new", "/admin/audio/new"],
  ["changelog", "/admin/changelog"],
  ["changelog-entry", "/admin/changelog/2026-11-20-accounts-and-languages"],
  ["user", `/admin/user/${teacherId}`],
  ["reviews", "/admin/reviews"],
  ["flashcards", "/dashboard/materials/kitchen-and-food-basics-flashcards"],
  ["clothes", "/dashboard/materials/clothes-and-accessories-flashcards"],
  ["exercise-track", "/dashboard/exercises/grandpas-box-of-old-photos"],
  ["listening", "/dashboard/listening?track=a1-my-family-photo"],
  ["exercise-editor", "/admin/exercise/grandpas-box-of-old-photos"],
  ["credits", "/legal/credits"],
];
for (const locale of locales) {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, userAgent: BENCH_AGENT });
    await context.addCookies([...cookies, { name: "parley_locale", value: locale, url: server.base }]);
    const page = await context.newPage();
    for (const [name, path] of pages) {
      await page.goto(server.base + path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      await page.screenshot({ path: `/work/tmp/shots/${name}-${locale}-${width}.png`, fullPage: !["track", "track-new", "exercise-editor"].includes(name) });
      console.log(locale, width, name, overflow > width ? `OVERFLOW ${overflow}` : "ok");
    }
    await context.close();
  }
}
await browser.close();
await server.stop();
