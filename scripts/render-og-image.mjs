// Renders the default social preview (art/og-default.svg, our own drawing) to the PNG that
// pages name in og:image when they have no picture of their own: public/images/og-default.png,
// 1200×630 as the social networks expect. Run after changing the drawing:
//
//   node scripts/render-og-image.mjs
//
// Rendering is the headless Debian Chromium the e2e tests use.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "./chromium.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = path.join(ROOT, "art/og-default.svg");
const OUT = path.join(ROOT, "public/images/og-default.png");
const [WIDTH, HEIGHT] = [1200, 630];

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  const svg = fs.readFileSync(SOURCE);
  await page.setContent(
    `<!doctype html><html><body style="margin:0">` +
      `<img src="data:image/svg+xml;base64,${svg.toString("base64")}" width="${WIDTH}" height="${HEIGHT}" style="display:block"></body></html>`,
  );
  await page.locator("img").evaluate((img) => img.decode());
  fs.writeFileSync(OUT, await page.screenshot({ type: "png" }));
  console.log(`${path.relative(ROOT, OUT)}: ${fs.statSync(OUT).size} bytes`);
} finally {
  await browser.close();
}
