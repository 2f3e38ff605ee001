import { z } from "~/lib/zod";
import type { Route } from "./+types/favorites";
import { listFavoriteIds, setFavorite } from "~/features/library/library.server";
import { requireApiUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { apiError, readForm, readJsonBody, requireMethod } from "~/lib/http.server";

const ItemId = z.string().min(1).max(100);

/** One exercise or one material, starred (true) or not (false). */
const FavoriteSchema = z
  .object({
    exerciseId: ItemId.optional(),
    materialId: ItemId.optional(),
    favorite: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
  })
  .refine((v) => (v.exerciseId === undefined) !== (v.materialId === undefined), {
    message: "Send either exerciseId or materialId, not both.",
  });

/**
 * The signed-in user's favorites: `favorites` lists exercise ids (spec §7: read with no
 * limit), `materials` material ids.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context);
  const ids = await listFavoriteIds(getServices(context).db, user.id);
  return Response.json({ favorites: ids.exercises, materials: ids.materials });
}

/** Stars or unstars an exercise or a material; answers the new state. */
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
        : apiError(400, "Send exerciseId or materialId, and favorite.")
      : input;
  const item = parsed.materialId
    ? ({ kind: "material", id: parsed.materialId } as const)
    : ({ kind: "exercise", id: parsed.exerciseId ?? "" } as const);
  const ok = await setFavorite(getServices(context).db, user.id, item, parsed.favorite);
  if (!ok) apiError(404, `No ${item.kind} with that id.`);
  return Response.json(
    item.kind === "material"
      ? { materialId: item.id, favorite: parsed.favorite }
      : { exerciseId: item.id, favorite: parsed.favorite },
  );
}
