import { data } from "react-router";
import type { Route } from "./+types/ui";

/** The UI kit gallery exists in development only. */
export function loader({ context: _context }: Route.LoaderArgs) {
  if (process.env.NODE_ENV === "production") throw data("Page Not Found: /dev/ui", { status: 404 });
  return null;
}

export default function UiKit() {
  return <main className="p-8">UI kit</main>;
}
