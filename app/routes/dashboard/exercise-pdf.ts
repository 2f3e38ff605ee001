import type { Route } from "./+types/exercise-pdf";
import {
  EXERCISE_PDF_PARTS,
  exerciseCardsPdf,
  exerciseNotesPdf,
  type ExercisePdfPart,
} from "~/features/library/exercise-pdf.server";
import { exerciseForViewer, viewerFor } from "~/features/library/library.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { download } from "~/lib/http.server";
import { pdfRequest } from "~/lib/pdf/request.server";

/**
 * An exercise's student cards or teacher notes as a PDF (issue 17 item 2), on A4 or US
 * Letter, for whoever may open the exercise: premium teachers, and everyone for a free one.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const pdf = pdfRequest(request, context, EXERCISE_PDF_PARTS);
  if (pdf instanceof Response) return pdf;
  const viewer = await viewerFor(services.db, user, services.clock.now());
  const exercise = await exerciseForViewer(services.db, params.id, viewer);
  if (!exercise) return new Response("There is no such exercise.", { status: 404 });
  if (exercise.locked || !exercise.content)
    return new Response("This exercise is part of Premium.", { status: 403 });
  const part: ExercisePdfPart = pdf.part;
  const bytes =
    part === "cards"
      ? await exerciseCardsPdf(exercise, pdf.paper, pdf.t, pdf.locale)
      : await exerciseNotesPdf(exercise, pdf.paper, pdf.t, pdf.locale);
  return download(bytes, "application/pdf", `${exercise.id}-${part}-${pdf.paper}.pdf`);
}
