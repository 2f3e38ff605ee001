import type { Route } from "./+types/material-pdf";
import { viewerFor } from "~/features/library/library.server";
import { materialPdf } from "~/features/library/material-pdf.server";
import { materialForViewer } from "~/features/library/materials.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { download } from "~/lib/http.server";
import { pdfRequest } from "~/lib/pdf/request.server";

/** A material as a PDF (issue 17 item 2) on A4 or US Letter, for whoever may open it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const pdf = pdfRequest(request, context, ["material"] as const);
  if (pdf instanceof Response) return pdf;
  const viewer = await viewerFor(services.db, user, services.clock.now());
  const material = await materialForViewer(services.db, params.id, viewer);
  if (!material) return new Response("There is no such material.", { status: 404 });
  if (material.locked || material.body === null)
    return new Response("This material is part of Premium.", { status: 403 });
  const bytes = await materialPdf(material, pdf.paper, pdf.t, pdf.locale);
  return download(bytes, "application/pdf", `${material.id}-${pdf.paper}.pdf`);
}
