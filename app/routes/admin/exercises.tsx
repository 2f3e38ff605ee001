import type { Route } from "./+types/exercises";
import { doneNotice, loadAdminList } from "~/features/library/admin-library.server";
import { AdminLibraryList } from "~/features/library/components/admin-library-list";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/** /admin/exercises/:type ("all" or a type): every exercise, searchable, with its editor. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const url = new URL(request.url);
  const list = await loadAdminList(getServices(context), "exercise", url, params.type);
  return { ...list, answer: doneNotice(url) };
}

export default function AdminExercisesPage({ loaderData }: Route.ComponentProps) {
  return <AdminLibraryList loaded={loaderData} answer={loaderData.answer} />;
}
