// Which picture names exist, for the content checks (check-content.ts, check-library.ts):
// the same lookup as the /pictures/<name>.svg route (app/lib/content/pictures.server.ts),
// read from the files themselves, since the route's bundled list needs Vite.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { iconOf, PICTURE_NAME, type IconSet } from "../app/lib/content/picture-set";

let emoji: IconSet | null = null;

/** Whether /pictures/<name>.svg answers with a picture: our own drawing, or an emoji. */
export function pictureExists(name: string): boolean {
  if (!PICTURE_NAME.test(name)) return false;
  if (fs.existsSync(path.resolve("content/pictures", `${name}.svg`))) return true;
  emoji ??= JSON.parse(
    fs.readFileSync(
      createRequire(import.meta.url).resolve("@iconify-json/fluent-emoji-flat/icons.json"),
      "utf8",
    ),
  ) as IconSet;
  return iconOf(emoji, name) !== null;
}

/** The message for a picture name that does not exist. */
export function unknownPicture(name: string): string {
  return `unknown picture "${name}": neither content/pictures/${name}.svg nor a Fluent Emoji Flat icon (see node_modules/@iconify-json/fluent-emoji-flat/icons.json)`;
}
