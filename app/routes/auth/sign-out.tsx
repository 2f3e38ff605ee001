import type { Route } from "./+types/sign-out";
import { signOut } from "~/features/auth/auth.server";
import { getServices } from "~/lib/context.server";

/** Following the Sign Out link ends the session and returns to the sign-in page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return signOut(getServices(context), request);
}

export function action({ request, context }: Route.ActionArgs) {
  return signOut(getServices(context), request);
}
