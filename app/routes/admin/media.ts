import type { Route } from "./+types/media";
import { storePicture } from "~/features/library/media.server";
import { MAX_UPLOAD_BYTES } from "~/features/library/upload-limits";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { apiError, readForm, requireMethod } from "~/lib/http.server";
import { audit } from "~/lib/audit.server";

const REFUSALS = {
  empty: [400, "The file is empty."],
  size: [413, "The picture is larger than 10 MB."],
  type: [415, "Send a JPEG, PNG or WebP picture."],
  unreadable: [400, "The picture could not be read. Save it again as JPEG or PNG and retry."],
} as const;

/**
 * POST /admin/media (multipart, field "file"): an administrator's picture, checked, resized
 * and stored; answers its address and size as JSON, or 4xx with a readable error.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const form = await readForm(request, MAX_UPLOAD_BYTES);
  const file = form.get("file");
  if (!file || typeof file === "string") apiError(400, "Choose a picture to upload.");
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
    name: file.name.slice(0, 100),
  });
  return Response.json(stored.picture, { status: 201 });
}
