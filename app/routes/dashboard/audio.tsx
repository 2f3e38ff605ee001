import { href, redirect } from "react-router";
import type { Route } from "./+types/audio";
import { isAdmin, requireUser } from "~/lib/auth/session.server";

/**
 * The top bar's Audio link (admins only, spec §2.5) leads to track management (issue 17
 * item 4); teachers find the tracks on the Listening page.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  throw redirect(isAdmin(user) ? href("/admin/audio") : href("/dashboard/listening"));
}

export default function AudioRedirect() {
  return null;
}
