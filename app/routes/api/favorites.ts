import { z } from "zod";
import type { Route } from "./+types/favorites";
import { listFavoriteIds, setFavorite } from "~/features/library/library.server";
import { requireApiUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { apiError, readForm, readJsonBody, requireMethod } from "~/lib/http.server";

const FavoriteSchema = z.object({
  exerciseId: z.string().min(1).max(100),
  favorite: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
});

/** The signed-in user's favorite exercise ids (spec §7: read with no limit). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context);
  return Response.json({ favorites: await listFavoriteIds(getServices(context).db, user.id) });
}

/** Stars or unstars an exercise; answers the new state. */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireApiUser(context);
  const type = request.headers.get("content-type") ?? "";
  const input = type.includes("application/json")
    ? await readJsonBody(request, FavoriteSchema, { maxBytes: 2048 })
    : FavoriteSchema.safeParse(Object.fromEntries(await readForm(request, 2048)));
  const parsed =
    "success" in input
      ? input.success
        ? input.data
        : apiError(400, "Send exerciseId and favorite.")
      : input;
  const ok = await setFavorite(
    getServices(context).db,
    user.id,
    parsed.exerciseId,
    parsed.favorite,
  );
  if (!ok) apiError(404, "No exercise with that id.");
  return Response.json({ exerciseId: parsed.exerciseId, favorite: parsed.favorite });
}
