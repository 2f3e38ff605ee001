// Screenshots of running pages for looking at what was built:
//   node scripts/screenshots.mjs http://localhost:3000 out-dir [--cookie name=value] path1 path2 …
// Each path is captured at 1280 px and 375 px wide. Use "path@ar" to send Accept-Language: ar.
// SLICES=1 saves screen-sized slices instead of one full-page image.
import fs from "node:fs";
import path from "node:path";
import { launchChromium } from "./chromium.mjs";

const [base, outDir, ...rest] = process.argv.slice(2);
const cookies = [];
const paths = [];
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === "--cookie") {
    const [name, ...value] = rest[++i].split("=");
    cookies.push({ name, value: value.join("="), url: base });
  } else paths.push(rest[i]);
}
fs.mkdirSync(outDir, { recursive: true });
const browser = await launchChromium();
for (const entry of paths) {
  const [p, lang] = entry.split("@");
  for (const width of [1280, 375]) {
    const context = await browser.newContext({
      viewport: { width, height: width === 375 ? 812 : 800 },
      locale: lang ?? "en-GB",
      extraHTTPHeaders: lang ? { "Accept-Language": lang } : {},
    });
    if (cookies.length) await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(base + p, { waitUntil: "networkidle" });
    const name = `${p.replace(/[^a-z0-9]+/gi, "_") || "root"}${lang ? `-${lang}` : ""}-${width}.png`;
    if (process.env.SLICES) {
      // Screen-sized slices, to look at long pages at their real size.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const step = width === 375 ? 812 : 800;
      for (let y = 0, i = 0; y < height && i < 12; y += step, i++)
        await page.screenshot({
          path: path.join(outDir, name.replace(/\.png$/, `-${i}.png`)),
          clip: { x: 0, y, width, height: Math.min(step, height - y) },
          fullPage: true,
        });
    } else await page.screenshot({ path: path.join(outDir, name), fullPage: true });
    await context.close();
    console.log(name);
  }
}
await browser.close();
