import { href, Link } from "react-router";
import type { Route } from "./+types/material";
import { PageHeader } from "~/components/ui/page-header";
import { doneNotice, editorAction, loadEditor } from "~/features/library/admin-library.server";
import {
  EditorActions,
  MaterialEditor,
  RevisionHistory,
} from "~/features/library/components/admin-editor";
import type { MaterialDraft } from "~/features/library/editing.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { notFound } from "~/lib/not-found";

/** /admin/material/:id: the editor of one material, its actions and its history. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const editor = await loadEditor(getServices(context), "material", params.id);
  if (!editor) notFound(request);
  return {
    ...editor,
    draft: editor.draft as MaterialDraft,
    notice: doneNotice(new URL(request.url)),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  return editorAction(getServices(context), "material", params.id, admin, await readForm(request));
}

export default function EditMaterialPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { id, draft, revisions, notice } = loaderData;
  return (
    <>
      <title>{`${draft.record.title} · ${t("adminLibrary.editMaterial")} · Parley`}</title>
      <PageHeader title={t("adminLibrary.editMaterial")} description={draft.record.title} />
      <p className="mb-4">
        <Link
          to={href("/admin/materials/:type", { type: draft.record.type })}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t("adminLibrary.backToList")}
        </Link>
      </p>
      <div className="mb-6">
        <EditorActions kind="material" id={id} status={draft.status} />
      </div>
      <div className="grid gap-6">
        <MaterialEditor
          key={`${id}:${revisions[0]?.id ?? 0}`}
          mode="edit"
          tree={
            ((actionData && "tree" in actionData ? actionData.tree : undefined) ??
              draft) as unknown as Record<string, unknown>
          }
          errors={actionData && "errors" in actionData ? actionData.errors : {}}
          answer={actionData ?? notice}
        />
        <RevisionHistory revisions={revisions} />
      </div>
    </>
  );
}
