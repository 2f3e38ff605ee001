import { redirect } from "react-router";
import type { Route } from "./+types/index";

export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/auth/sign-in${new URL(request.url).search}`);
}
