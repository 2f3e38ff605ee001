import { href, Link } from "react-router";
import type { Route } from "./+types/material-new";
import { PageHeader } from "~/components/ui/page-header";
import { blankMaterial, createFromEditor } from "~/features/library/admin-library.server";
import { MaterialEditor } from "~/features/library/components/admin-editor";
import { requireAdmin } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

/** /admin/materials/new: a new material, created as the form says. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { draft: blankMaterial(getServices(context).clock.now().toISOString().slice(0, 10)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  return createFromEditor(getServices(context), "material", admin, await readForm(request));
}

export default function NewMaterialPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const title = t("adminLibrary.newMaterial");
  return (
    <>
      <title>{`${title} · Parley`}</title>
      <PageHeader title={title} />
      <p className="mb-6">
        <Link
          to={href("/admin/materials/:type", { type: "all" })}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t("adminLibrary.backToList")}
        </Link>
      </p>
      <MaterialEditor
        mode="new"
        tree={(actionData?.tree ?? loaderData.draft) as unknown as Record<string, unknown>}
        errors={actionData && "errors" in actionData ? actionData.errors : {}}
        answer={actionData}
      />
    </>
  );
}
