import { useOutlet } from "react-router";
import type { Route } from "./+types/class";
import { classPageData } from "~/features/classes/class-page.server";
import { ClassPage } from "~/features/classes/components/class-page";
import { requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/**
 * /class/{id}: for the class's teacher and students. What the teacher shared, homework,
 * and the live view: the card the teacher presents, followed in real time. The page has no
 * action: its forms post to class/{id}/share, homework, live (present, card, stop) and leave
 * (one form per route module, issue 20), which render this page with their answer when the
 * browser has no JavaScript.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return classPageData(getServices(context), user, request, params.id);
}

export default function ClassRoute({ loaderData }: Route.ComponentProps) {
  return useOutlet(loaderData) ?? <ClassPage loaded={loaderData} />;
}
