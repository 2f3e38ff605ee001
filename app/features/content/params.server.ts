import { apiError } from "~/lib/http.server";
import { COLLECTIONS, type CollectionName } from "./collections";

/** The {collection} of a content URL; unknown names are a 404. */
export function collectionParam(value: string | undefined): CollectionName {
  if (!value || !(COLLECTIONS as readonly string[]).includes(value))
    apiError(404, `There is no content collection called "${String(value).slice(0, 40)}".`);
  return value as CollectionName;
}

/** The ?v= version: optional, a short hexadecimal hash when present. */
export function contentVersionParam(request: Request): string | null {
  const v = new URL(request.url).searchParams.get("v");
  if (v !== null && !/^[0-9a-f]{1,64}$/.test(v))
    apiError(400, "v must be the collection's version (a hexadecimal hash).");
  return v;
}
