import { data } from "react-router";
import type { Route } from "./+types/media";
import { storeAudio, storePicture } from "~/features/library/media.server";
import { MAX_UPLOAD_BYTES } from "~/features/library/upload-limits";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { apiError, readForm, requireMethod } from "~/lib/http.server";
import { audit } from "~/lib/audit.server";

const AUDIO_REFUSALS = {
  empty: [400, "The file is empty."],
  size: [413, "The audio file is larger than 25 MB."],
  type: [415, "Send an MP3, Ogg or M4A audio file."],
  unreadable: [400, "The audio could not be read. Export it again as MP3 and retry."],
  duration: [400, "A listening track lasts from 10 seconds to 15 minutes."],
} as const;

const REFUSALS = {
  empty: [400, "The file is empty."],
  size: [413, "The picture is larger than 10 MB."],
  type: [415, "Send a JPEG, PNG or WebP picture."],
  unreadable: [400, "The picture could not be read. Save it again as JPEG or PNG and retry."],
} as const;

/**
 * POST /admin/media (multipart, field "file"): an administrator's picture (checked, resized)
 * or, with kind=audio, a listening track's audio (type, size and length checked), stored;
 * answers its address as JSON, or 4xx with a readable error.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const form = await readForm(request, MAX_UPLOAD_BYTES);
  const file = form.get("file");
  const audio = form.get("kind") === "audio";
  if (!file || typeof file === "string")
    apiError(400, audio ? "Choose an audio file to upload." : "Choose a picture to upload.");
  if (audio) {
    const stored = await storeAudio(services.db, {
      bytes: new Uint8Array(await file.arrayBuffer()),
      name: file.name,
      userId: admin.id,
      now: services.clock.now(),
    });
    if (!stored.ok) {
      const [status, message] = AUDIO_REFUSALS[stored.reason];
      // The reason as a code too, for the editor to say it in the administrator's language.
      throw data({ error: message, code: stored.reason }, { status });
    }
    await audit(services, admin, "media.upload", stored.audio.src, {
      name: Array.from(file.name).slice(0, 100).join(""),
    });
    return Response.json(stored.audio, { status: 201 });
  }
  const stored = await storePicture(services.db, {
    bytes: new Uint8Array(await file.arrayBuffer()),
    name: file.name,
    userId: admin.id,
    now: services.clock.now(),
  });
  if (!stored.ok) {
    const [status, message] = REFUSALS[stored.reason];
    apiError(status, message);
  }
  await audit(services, admin, "media.upload", stored.picture.src, {
    name: Array.from(file.name).slice(0, 100).join(""),
  });
  return Response.json(stored.picture, { status: 201 });
}
