import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { media } from "@db/schema";
import type { Database } from "~/lib/db.server";
import { MAX_PICTURE_BYTES } from "./upload-limits";

/**
 * The admin panel's pictures (issue 15 item 3): JPEG, PNG or WebP up to MAX_PICTURE_BYTES,
 * recognised by their first bytes (not by the name or the browser's word), turned upright,
 * resized to fit PICTURE_EDGE and re-encoded as WebP (which also drops camera metadata such
 * as the place a photo was taken), and stored in PostgreSQL, so every instance serves them.
 */

const PICTURE_EDGE = 1600;
/** A decompression bomb stops here (40 megapixels). */
const MAX_PIXELS = 40_000_000;

export type PictureRefusal = "type" | "size" | "unreadable" | "empty";

function kindOf(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

export interface StoredPicture {
  src: string;
  width: number;
  height: number;
  size: number;
}

/** Checks, resizes and stores a picture; the same picture twice is stored once. */
export async function storePicture(
  db: Database,
  input: { bytes: Uint8Array; name: string; userId: string; now: Date },
): Promise<{ ok: true; picture: StoredPicture } | { ok: false; reason: PictureRefusal }> {
  if (input.bytes.length === 0) return { ok: false, reason: "empty" };
  if (input.bytes.length > MAX_PICTURE_BYTES) return { ok: false, reason: "size" };
  if (!kindOf(input.bytes)) return { ok: false, reason: "type" };
  let output: { data: Buffer; info: sharp.OutputInfo };
  try {
    output = await sharp(input.bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({
        width: PICTURE_EDGE,
        height: PICTURE_EDGE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  const id = createHash("sha256").update(output.data).digest("hex").slice(0, 24);
  await db
    .insert(media)
    .values({
      id,
      mime: "image/webp",
      bytes: new Uint8Array(output.data),
      size: output.data.length,
      width: output.info.width,
      height: output.info.height,
      originalName: input.name.slice(0, 200),
      createdBy: input.userId,
      createdAt: input.now,
    })
    .onConflictDoNothing();
  return {
    ok: true,
    picture: {
      src: `/media/${id}.webp`,
      width: output.info.width,
      height: output.info.height,
      size: output.data.length,
    },
  };
}

/** A stored file by its address's name ("<id>.webp"); null when there is none. */
export async function readMedia(db: Database, file: string) {
  const match = /^([a-f0-9]{24})\.webp$/.exec(file);
  if (!match) return null;
  const [row] = await db
    .select({ id: media.id, mime: media.mime, bytes: media.bytes })
    .from(media)
    .where(eq(media.id, match[1] as string));
  return row ?? null;
}
