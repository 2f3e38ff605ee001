import { data } from "react-router";
import type { z } from "zod";
import { containsNul } from "./bad-bytes";

export interface ApiError {
  error: string;
  issues?: { path: string; message: string }[];
}

/** Throws a JSON 4xx response that the router sends as is. */
export function apiError(status: number, error: string, issues?: ApiError["issues"]): never {
  throw data<ApiError>(issues ? { error, issues } : { error }, { status });
}

export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method.toUpperCase())) {
    throw data<ApiError>(
      { error: `Method ${request.method} is not allowed here. Use ${methods.join(" or ")}.` },
      { status: 405, headers: { Allow: methods.join(", ") } },
    );
  }
}

/** Reads at most `maxBytes` of a request body as text; larger bodies get 413. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) apiError(413, `The request body is larger than ${maxBytes} bytes.`);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      apiError(413, `The request body is larger than ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Parses a JSON body against a schema; every failure is a readable 4xx, never a 500. */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes?: number; allowEmpty?: boolean } = {},
): Promise<z.infer<S>> {
  const type = request.headers.get("content-type") ?? "";
  const text = await readBodyText(request, options.maxBytes ?? 64 * 1024);
  if (text.trim() === "" && options.allowEmpty) return schema.parse({}) as z.infer<S>;
  if (!type.toLowerCase().includes("application/json")) {
    apiError(415, "Send the request body as JSON (Content-Type: application/json).");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    apiError(400, "The request body is not valid JSON.");
  }
  if (containsNul(value)) apiError(400, "The request body contains a NUL character.");
  const result = schema.safeParse(value);
  if (!result.success) {
    apiError(
      400,
      "The request body is invalid.",
      result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  return result.data as z.infer<S>;
}

/**
 * Reads a submitted form safely: a body that is not a form, too large, or malformed
 * (broken multipart) is a readable 400/413/415, never a 500.
 */
export async function readForm(request: Request, maxBytes = 64 * 1024): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) apiError(413, `The form is larger than ${maxBytes} bytes.`);
  let form: FormData;
  if (type.startsWith("application/x-www-form-urlencoded")) {
    form = new URLSearchParams(await readBodyText(request, maxBytes)) as unknown as FormData;
  } else if (type.startsWith("multipart/form-data")) {
    try {
      form = await request.formData();
    } catch {
      apiError(400, "The form data could not be read.");
    }
  } else {
    apiError(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  // Field names and text values (not uploaded files, whose bytes are the file's own).
  for (const [key, value] of form.entries()) {
    if (containsNul(key) || containsNul(value)) apiError(400, "The form contains a NUL character.");
  }
  return form;
}

/** A generated file sent as a download: never cached, since it follows the viewer's access. */
export function download(bytes: Uint8Array, type: string, filename: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${filename}"`,
      "content-length": String(bytes.byteLength),
      "cache-control": "private, no-store",
    },
  });
}
