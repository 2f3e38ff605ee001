/**
 * The one address that takes files (the admin panel's picture and audio upload) and how large
 * a request to it may be: the largest file and room for the form around it. The server reads
 * other requests up to MAX_BODY_BYTES.
 */
export const UPLOAD_PATH = "/admin/media";
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
/** A 15-minute track at 192 kbit/s is about 21 MB. */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = MAX_AUDIO_BYTES + 64 * 1024;
/** A listening track is 10 seconds to 15 minutes long (the transcript schema's range). */
export const AUDIO_SECONDS = { min: 10, max: 900 } as const;
