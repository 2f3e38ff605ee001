import { createHash } from "node:crypto";
import type { Route } from "./+types/content-dump";
import {
  ContentAccessError,
  contentStore,
  isPublicCollection,
} from "~/features/content/store.server";
import { collectionParam, contentVersionParam } from "~/features/content/params.server";
import { contentViewer } from "~/features/content/viewer.server";
import { getServices } from "~/lib/context.server";
import { apiError } from "~/lib/http.server";

/**
 * Spec §7: GET /api/content/{collection}/sql_dump.txt?v={version}. The rows the caller may
 * read, as SQLite statements, for the browser's local copy of the collection. Public
 * collections are the same for everyone, so shared caches may keep them for a while (the
 * version in the URL changes when the content does).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const collection = collectionParam(params.collection);
  contentVersionParam(request);
  const store = await contentStore(getServices(context).database);
  const viewer = await contentViewer(context, collection);
  let text: string;
  try {
    text = await store.dump(collection, viewer);
  } catch (error) {
    if (error instanceof ContentAccessError) apiError(error.status, error.message);
    throw error;
  }
  const etag = `"${createHash("sha1").update(text).digest("base64url").slice(0, 20)}"`;
  const headers = new Headers({
    "Content-Type": "text/plain; charset=utf-8",
    ETag: etag,
    "X-Content-Version": store.versions[collection] ?? "",
    "Cache-Control": isPublicCollection(collection)
      ? "public, max-age=300, s-maxage=300, stale-while-revalidate=86400"
      : "private, no-store",
  });
  if (request.headers.get("if-none-match") === etag)
    return new Response(null, { status: 304, headers });
  return new Response(text, { headers });
}
