import { redirect } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/school-favorites";
import {
  currentSchool,
  listSchoolFavorites,
  setSchoolFavorite,
} from "~/features/library/school-favorites.server";
import { requireApiUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { apiError, readForm, readJsonBody, requireMethod } from "~/lib/http.server";

const SchoolFavoriteSchema = z.object({
  schoolId: z.string().min(1).max(100),
  exerciseId: z.string().min(1).max(100),
  favorite: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
  /** Where a form sent without JavaScript returns to: a path of this site. */
  returnTo: z.string().max(2000).optional(),
});

/** The signed-in teacher's school and its shared favorites (403 for a teacher in no school). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context);
  const { db } = getServices(context);
  const school = await currentSchool(db, user.id);
  if (!school) apiError(403, "You are not a member of a school, so there are no school favorites.");
  return Response.json({ school, favorites: await listSchoolFavorites(db, school.id) });
}

/** A path on this site to send a browser back to, or null (no open redirects). */
function safeReturnPath(value: string | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\"))
    return null;
  return value;
}

/**
 * Adds an exercise to the school's favorites or removes it; members of that school only.
 * Answers the new state as JSON; a form the browser sent itself (no JavaScript) is sent back
 * to the page it came from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireApiUser(context);
  const services = getServices(context);
  const type = request.headers.get("content-type") ?? "";
  const input = type.includes("application/json")
    ? await readJsonBody(request, SchoolFavoriteSchema, { maxBytes: 4096 })
    : SchoolFavoriteSchema.safeParse(Object.fromEntries(await readForm(request, 4096)));
  const parsed =
    "success" in input
      ? input.success
        ? input.data
        : apiError(400, "Send schoolId, exerciseId and favorite (true or false).")
      : input;
  const result = await setSchoolFavorite(services.db, {
    organizationId: parsed.schoolId,
    userId: user.id,
    exerciseId: parsed.exerciseId,
    favorite: parsed.favorite,
    now: services.clock.now(),
  });
  if (result === "not-member")
    apiError(403, "Only the teachers of this school can change its favorites.");
  if (result === "no-exercise") apiError(404, "No exercise with that id.");
  // A browser's own form submission (a navigation) goes back to its page; script calls and
  // other clients get JSON.
  const back = safeReturnPath(parsed.returnTo);
  if (back && request.headers.get("sec-fetch-mode") === "navigate") throw redirect(back, 303);
  return Response.json({
    schoolId: parsed.schoolId,
    exerciseId: parsed.exerciseId,
    schoolFavorite: parsed.favorite,
  });
}
