import type { Route } from "./+types/lesson-slides";
import { lessonDeck, lessonFiles } from "~/features/lessons/lesson-files.server";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { download } from "~/lib/http.server";
import { readerLocale } from "~/lib/pdf/request.server";

/** The teacher's own lesson as one PowerPoint deck (issue 17 item 3); another's is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const files = await lessonFiles(services, user, params.id);
  if (!files) return new Response("There is no such lesson.", { status: 404 });
  const { t, locale } = readerLocale(request, context);
  const deck = await lessonDeck(files, t, locale.code, locale.dir === "rtl");
  return download(
    deck,
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    `lesson-${files.lesson.id}.pptx`,
  );
}
