import { data } from "react-router";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  throw data(`Page Not Found: ${pathname}`, { status: 404 });
}

export default function NotFound() {
  return null;
}
