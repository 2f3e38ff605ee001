import { href, Link } from "react-router";
import type { Route } from "./+types/changelog-new";
import { PageHeader } from "~/components/ui/page-header";
import { blankEntry, saveEntry } from "~/features/changelog/changelog-admin.server";
import { ChangelogEditor } from "~/features/changelog/components/admin-changelog";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

/** /admin/changelog/new: a new Feature Lab entry. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { draft: blankEntry(getServices(context).clock.now().toISOString().slice(0, 10)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  return saveEntry(getServices(context), admin, await readForm(request), null);
}

export default function NewEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const title = t("adminChangelog.new");
  return (
    <>
      <title>{`${title} · Parley`}</title>
      <PageHeader title={title} />
      <p className="mb-6">
        <Link
          to={href("/admin/changelog")}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t("adminChangelog.backToList")}
        </Link>
      </p>
      <ChangelogEditor
        mode="new"
        tree={
          (actionData && "tree" in actionData ? actionData.tree : undefined) ?? loaderData.draft
        }
        errors={actionData && "errors" in actionData ? actionData.errors : {}}
        answer={actionData}
      />
    </>
  );
}
