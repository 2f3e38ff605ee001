import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { iconOf, PICTURE_NAME, type IconSet } from "./picture-set";

/**
 * The pictures content can show (issue 17 item 1): `/pictures/<name>.svg` in Markdown. A name
 * is one of our own drawings (content/pictures/<name>.svg, original artwork) or, failing that,
 * a Fluent Emoji Flat picture (© Microsoft, MIT licence; the @iconify-json/fluent-emoji-flat
 * package, credited on /legal/credits). One flat, consistent style for flashcards and cards.
 */

const originals = import.meta.glob<string>("/content/pictures/*.svg", {
  eager: true,
  query: "?raw",
  import: "default",
});

let emoji: Promise<IconSet> | null = null;

/** The emoji set, read once on first use (9 MB of JSON: not in every page's memory). */
function emojiSet(): Promise<IconSet> {
  emoji ??= readFile(
    createRequire(import.meta.url).resolve("@iconify-json/fluent-emoji-flat/icons.json"),
    "utf8",
  )
    .then((text) => JSON.parse(text) as IconSet)
    .catch((error: unknown) => {
      // Not kept: the next request tries again.
      emoji = null;
      throw error;
    });
  return emoji;
}

/** A picture's SVG document by its name, or null when there is no such picture. */
export async function pictureSvg(name: string): Promise<string | null> {
  if (!PICTURE_NAME.test(name)) return null;
  const own = originals[`/content/pictures/${name}.svg`];
  if (own) return own;
  const set = await emojiSet();
  const icon = iconOf(set, name);
  if (!icon) return null;
  const width = icon.width ?? set.width ?? 16;
  const height = icon.height ?? set.height ?? 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${icon.body}</svg>`;
}

/** Named pictures with their alt text as SVG documents, leaving out names with no picture. */
export async function svgPictures(
  pictures: readonly { name: string; alt: string }[],
): Promise<{ svg: string; alt: string }[]> {
  const out: { svg: string; alt: string }[] = [];
  for (const p of pictures) {
    const svg = await pictureSvg(p.name);
    if (svg) out.push({ svg, alt: p.alt });
  }
  return out;
}
