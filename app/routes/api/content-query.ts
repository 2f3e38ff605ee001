import { z } from "~/lib/zod";
import type { Route } from "./+types/content-query";
import { ContentAccessError, contentStore, QueryRejected } from "~/features/content/store.server";
import { collectionParam, contentVersionParam } from "~/features/content/params.server";
import { contentViewer } from "~/features/content/viewer.server";
import { MAX_SQL_LENGTH } from "~/features/content/guard.server";
import { getServices } from "~/lib/context.server";
import { apiError, readJsonBody, requireMethod } from "~/lib/http.server";

const QuerySchema = z.object({ sql: z.string().min(1).max(MAX_SQL_LENGTH) });

export function loader() {
  apiError(405, 'Send content queries with POST and a JSON body {"sql": …}.');
}

/**
 * Spec §7: POST /api/content/{collection}/query?v={version} with {sql}. The SQL must be
 * exactly what the query builder writes (see guard.server.ts); anything else is a 400
 * and never reaches the database.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const collection = collectionParam(params.collection);
  contentVersionParam(request);
  const { sql } = await readJsonBody(request, QuerySchema, { maxBytes: 16 * 1024 });
  const services = getServices(context);
  const store = await contentStore(services.database);
  const viewer = await contentViewer(context, collection);
  try {
    const rows = await store.execute(collection, sql, viewer);
    return Response.json(rows, {
      headers: {
        "Cache-Control": "private, no-store",
        "X-Content-Version": store.versions[collection] ?? "",
      },
    });
  } catch (error) {
    if (error instanceof QueryRejected) apiError(400, `Query rejected: ${error.reason}`);
    if (error instanceof ContentAccessError) apiError(error.status, error.message);
    if ((error as { code?: string }).code === "57014")
      apiError(503, "The query took too long. Narrow it down and try again.");
    throw error;
  }
}
