import type { Route } from "./+types/materials";
import { doneNotice, loadAdminList } from "~/features/library/admin-library.server";
import { AdminLibraryList } from "~/features/library/components/admin-library-list";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";

/** /admin/materials/:type ("all" or a type): every material, searchable, with its editor. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const url = new URL(request.url);
  const list = await loadAdminList(getServices(context), "material", url, params.type);
  return { ...list, answer: doneNotice(url) };
}

export default function AdminMaterialsPage({ loaderData }: Route.ComponentProps) {
  return <AdminLibraryList loaded={loaderData} answer={loaderData.answer} />;
}
