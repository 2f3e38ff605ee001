import { href, Link } from "react-router";
import type { Route } from "./+types/changelog-entry";
import { PageHeader } from "~/components/ui/page-header";
import {
  deleteEntry,
  entryNotice,
  loadEntry,
  saveEntry,
} from "~/features/changelog/changelog-admin.server";
import { ChangelogEditor, DeleteEntry } from "~/features/changelog/components/admin-changelog";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { formRefused } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { notFound } from "~/lib/not-found";

/** /admin/changelog/:id: one Feature Lab entry's editor and deletion. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const entry = await loadEntry(getServices(context), params.id);
  if (!entry) notFound(request);
  return { entry, notice: entryNotice(new URL(request.url)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const services = getServices(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "save") return saveEntry(services, admin, form, params.id);
  if (intent === "delete") return deleteEntry(services, admin, form, params.id);
  return formRefused("adminChangelog.missing", 400);
}

export default function EntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { entry, notice } = loaderData;
  const title = String(entry.record.title ?? entry.slug);
  return (
    <>
      <title>{`${title} · ${t("adminChangelog.edit")} · Parley`}</title>
      <PageHeader title={t("adminChangelog.edit")} description={title} />
      <p className="mb-4">
        <Link
          to={href("/admin/changelog")}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t("adminChangelog.backToList")}
        </Link>
      </p>
      <div className="mb-6">
        <DeleteEntry answer={actionData} />
      </div>
      <ChangelogEditor
        key={JSON.stringify(entry)}
        mode="edit"
        tree={(actionData && "tree" in actionData ? actionData.tree : undefined) ?? entry}
        errors={actionData && "errors" in actionData ? actionData.errors : {}}
        answer={actionData ?? notice}
      />
    </>
  );
}
