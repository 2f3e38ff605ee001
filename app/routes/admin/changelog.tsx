import type { Route } from "./+types/changelog";
import { adminChangelogList, entryNotice } from "~/features/changelog/changelog-admin.server";
import { AdminChangelogList } from "~/features/changelog/components/admin-changelog";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";

/** /admin/changelog: the Feature Lab's entries (issue 15 item 4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return {
    entries: await adminChangelogList(getServices(context)),
    notice: entryNotice(new URL(request.url)),
  };
}

export default function AdminChangelogPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <title>{`${t("adminChangelog.title")} · Parley`}</title>
      <AdminChangelogList entries={loaderData.entries} notice={loaderData.notice} />
    </>
  );
}
