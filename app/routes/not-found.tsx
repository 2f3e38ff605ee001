import type { Route } from "./+types/not-found";
import { notFound } from "~/lib/not-found";

export function loader({ request }: Route.LoaderArgs) {
  notFound(request);
}

export default function NotFound() {
  return null;
}
