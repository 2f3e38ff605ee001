import type { Route } from "./+types/picture";
import { pictureSvg } from "~/lib/content/pictures.server";
import { notFound } from "~/lib/not-found";

/**
 * GET /pictures/<name>.svg: a picture content shows (flashcards, cards), to anyone. The SVG
 * comes from our own drawings or the bundled emoji set, never from a user; opened on its own
 * it runs nothing (the site's Content-Security-Policy allows no inline script).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const name = /^(.+)\.svg$/.exec(params.file)?.[1] ?? "";
  const svg = await pictureSvg(name);
  if (svg === null) notFound(request);
  return new Response(svg, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
    },
  });
}
