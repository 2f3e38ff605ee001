// Renders the avatar artwork (art/avatars/NN-name.svg, our own drawings) to the PNGs the app
// serves: each picture at 1x, 2x and 3x of its displayed size, into
// public/images/avatars/<content hash>/{n}.png, {n}@2x.png, {n}@3x.png, and writes
// app/features/account/avatar-images.ts, which names that folder.
//
// The folder is named by what it holds, so the server can let browsers keep the files for a
// year: changed artwork gets a new folder (and the old one is removed here).
//
//   node scripts/render-avatars.mjs
//
// Rendering is Chromium's (the same headless Debian Chromium the e2e tests use).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "./chromium.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = path.join(ROOT, "art/avatars");
const OUT = path.join(ROOT, "public/images/avatars");
const MODULE = path.join(ROOT, "app/features/account/avatar-images.ts");
/** The size the app shows an avatar at, in CSS pixels (Avatar's width and height). */
const DISPLAY_PX = 40;
const SCALES = [1, 2, 3];
/** Each file stays small: a page shows a dozen of them. */
const MAX_BYTES = 8 * 1024;

const sources = fs
  .readdirSync(SOURCES)
  .filter((name) => name.endsWith(".svg"))
  .sort();
sources.forEach((name, i) => {
  if (!name.startsWith(`${String(i + 1).padStart(2, "0")}-`))
    throw new Error(`art/avatars: expected ${String(i + 1).padStart(2, "0")}-*.svg, found ${name}`);
});

const browser = await launchChromium();
/** [file name, PNG bytes] for every picture and scale. */
const files = [];
try {
  for (const scale of SCALES) {
    const context = await browser.newContext({
      viewport: { width: DISPLAY_PX, height: DISPLAY_PX },
      deviceScaleFactor: scale,
    });
    const page = await context.newPage();
    for (const [i, name] of sources.entries()) {
      const svg = fs.readFileSync(path.join(SOURCES, name));
      const src = `data:image/svg+xml;base64,${svg.toString("base64")}`;
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">` +
          `<img src="${src}" width="${DISPLAY_PX}" height="${DISPLAY_PX}" style="display:block"></body></html>`,
      );
      await page.locator("img").evaluate((img) => img.decode());
      const png = await page.screenshot({ omitBackground: true });
      files.push([`${i + 1}${scale === 1 ? "" : `@${scale}x`}.png`, png]);
    }
    await context.close();
  }
} finally {
  await browser.close();
}

const hash = createHash("sha256");
for (const [name, png] of files) hash.update(name).update(png);
const folder = hash.digest("hex").slice(0, 10);

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(path.join(OUT, folder), { recursive: true });
const tooBig = [];
for (const [name, png] of files) {
  fs.writeFileSync(path.join(OUT, folder, name), png);
  if (png.length > MAX_BYTES) tooBig.push(`${name} (${png.length} bytes)`);
}
fs.writeFileSync(
  MODULE,
  `// Written by scripts/render-avatars.mjs from art/avatars/: run it again, do not edit.

/** The folder of the avatar pictures, named by their content (cached by browsers for a year). */
export const AVATAR_IMAGES_DIR = "/images/avatars/${folder}";

/** How many pictures there are: {n}.png, {n}@2x.png and {n}@3x.png for n = 1..${sources.length}. */
export const AVATAR_PICTURES = ${sources.length};

/** The size the pictures are drawn for, in CSS pixels (the 2x and 3x files are larger). */
export const AVATAR_DISPLAY_PX = ${DISPLAY_PX};
`,
);
console.log(
  `${sources.length} avatars × ${SCALES.length} scales → public/images/avatars/${folder}/ ` +
    `(largest ${Math.max(...files.map(([, png]) => png.length))} bytes)`,
);
if (tooBig.length) {
  console.error(`Over ${MAX_BYTES} bytes: ${tooBig.join(", ")}`);
  process.exit(1);
}
