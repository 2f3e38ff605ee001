/**
 * The one address that takes files (the admin panel's picture upload) and how large a request
 * to it may be: the largest picture and room for the form around it. The server reads other
 * requests up to MAX_BODY_BYTES.
 */
export const UPLOAD_PATH = "/admin/media";
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = MAX_PICTURE_BYTES + 64 * 1024;
