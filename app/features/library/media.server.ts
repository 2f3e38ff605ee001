import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { parseBuffer } from "music-metadata";
import sharp from "sharp";
import { media } from "@db/schema";
import type { Database } from "~/lib/db.server";
import { AUDIO_SECONDS, MAX_AUDIO_BYTES, MAX_PICTURE_BYTES } from "./upload-limits";

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
      originalName: Array.from(input.name).slice(0, 200).join(""),
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

const AUDIO_KINDS = {
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  m4a: "audio/mp4",
} as const;
type AudioKind = keyof typeof AUDIO_KINDS;

export type AudioRefusal = "type" | "size" | "unreadable" | "empty" | "duration";

function audioKindOf(bytes: Uint8Array): AudioKind | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 3) === "ID3") return "mp3";
  // An MPEG audio frame without a tag: 11 sync bits, then a layer that is not "reserved".
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && ((bytes[1] ?? 0) & 0x06) !== 0)
    return "mp3";
  if (ascii(0, 4) === "OggS") return "ogg";
  if (ascii(4, 8) === "ftyp") return "m4a";
  return null;
}

export interface StoredAudio {
  src: string;
  durationSeconds: number;
  size: number;
}

/**
 * Checks and stores a listening track's audio (issue 15 item 3): MP3, Ogg or M4A up to
 * MAX_AUDIO_BYTES, recognised by its first bytes, that a decoder can read and that lasts
 * AUDIO_SECONDS. Kept as it came (it is already compressed); the same file twice is stored once.
 */
export async function storeAudio(
  db: Database,
  input: { bytes: Uint8Array; name: string; userId: string; now: Date },
): Promise<{ ok: true; audio: StoredAudio } | { ok: false; reason: AudioRefusal }> {
  if (input.bytes.length === 0) return { ok: false, reason: "empty" };
  if (input.bytes.length > MAX_AUDIO_BYTES) return { ok: false, reason: "size" };
  const kind = audioKindOf(input.bytes);
  if (!kind) return { ok: false, reason: "type" };
  let seconds: number | undefined;
  try {
    const meta = await parseBuffer(
      input.bytes,
      { mimeType: AUDIO_KINDS[kind] },
      { duration: true },
    );
    seconds = meta.format.duration;
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0)
    return { ok: false, reason: "unreadable" };
  const durationSeconds = Math.round(seconds);
  if (durationSeconds < AUDIO_SECONDS.min || durationSeconds > AUDIO_SECONDS.max)
    return { ok: false, reason: "duration" };
  const id = createHash("sha256").update(input.bytes).digest("hex").slice(0, 24);
  await db
    .insert(media)
    .values({
      id,
      mime: AUDIO_KINDS[kind],
      bytes: input.bytes,
      size: input.bytes.length,
      durationSeconds,
      originalName: Array.from(input.name).slice(0, 200).join(""),
      createdBy: input.userId,
      createdAt: input.now,
    })
    .onConflictDoNothing();
  return {
    ok: true,
    audio: { src: `/media/${id}.${kind}`, durationSeconds, size: input.bytes.length },
  };
}

/**
 * A stored file by its address's name: "<id>.webp" for pictures (public), "<id>.mp3" (or
 * .ogg, .m4a) for audio, which only the listening routes serve; null when there is none.
 */
export async function readMedia(db: Database, file: string, kind: "picture" | "audio") {
  const pattern = kind === "picture" ? /^([a-f0-9]{24})\.webp$/ : /^([a-f0-9]{24})\.(mp3|ogg|m4a)$/;
  const match = pattern.exec(file);
  if (!match) return null;
  const [row] = await db
    .select({ id: media.id, mime: media.mime, bytes: media.bytes })
    .from(media)
    .where(eq(media.id, match[1] as string));
  if (!row || row.mime.startsWith("audio/") !== (kind === "audio")) return null;
  return row;
}
