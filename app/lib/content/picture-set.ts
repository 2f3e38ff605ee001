/**
 * How a picture name is read (issue 17 item 1), shared by the picture route and the content
 * check (scripts/check-content.ts), so both agree on which names exist: a name is one of our
 * own drawings (content/pictures/<name>.svg) or, failing that, an icon of the Fluent Emoji
 * Flat set, by its name or an alias of it.
 */

/** Lower-case words joined by hyphens: "birthday-cake". */
export const PICTURE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

/** The icon a name stands for in the set (an alias leads to its parent), or null. */
export function iconOf(set: IconSet, name: string) {
  if (!PICTURE_NAME.test(name)) return null;
  // Own properties only: "constructor" is not a picture.
  const has = (record: object | undefined, key: string) =>
    record !== undefined && Object.hasOwn(record, key);
  const parent = has(set.aliases, name) ? set.aliases?.[name]?.parent : undefined;
  const key = has(set.icons, name) ? name : parent && has(set.icons, parent) ? parent : null;
  return key ? (set.icons[key] ?? null) : null;
}
