import type { Route } from "./+types/exercise-slides";
import { exerciseForViewer, viewerFor } from "~/features/library/library.server";
import { exerciseDeck } from "~/features/library/slides-pptx.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { download } from "~/lib/http.server";
import { readerLocale } from "~/lib/pdf/request.server";

/**
 * An exercise as a PowerPoint file (issue 17 item 3), for whoever may open the exercise:
 * premium teachers, and everyone for a free one.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const viewer = await viewerFor(services.db, user, services.clock.now());
  const exercise = await exerciseForViewer(services.db, params.id, viewer);
  if (!exercise) return new Response("There is no such exercise.", { status: 404 });
  if (exercise.locked || !exercise.content)
    return new Response("This exercise is part of Premium.", { status: 403 });
  const { t, locale } = readerLocale(request, context);
  const deck = await exerciseDeck(exercise, t, locale.dir === "rtl");
  return download(
    deck,
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    `${exercise.id}.pptx`,
  );
}
