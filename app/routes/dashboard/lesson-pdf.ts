import type { Route } from "./+types/lesson-pdf";
import { lessonFiles, lessonPdf } from "~/features/lessons/lesson-files.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { download } from "~/lib/http.server";
import { pdfRequest } from "~/lib/pdf/request.server";

/** The teacher's own lesson plan as a PDF (issue 17 item 2); another's is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const pdf = pdfRequest(request, context, ["plan"] as const);
  if (pdf instanceof Response) return pdf;
  const files = await lessonFiles(services, user, params.id);
  if (!files) return new Response("There is no such lesson.", { status: 404 });
  const bytes = await lessonPdf(files, pdf.paper, pdf.t, pdf.locale);
  return download(bytes, "application/pdf", `lesson-${files.lesson.id}-${pdf.paper}.pdf`);
}
