import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/material";
import { Button, ButtonLink } from "~/components/ui/button";
import { LockIcon, PrintIcon } from "~/components/ui/icons";
import { LevelBadge } from "~/features/library/components/badges";
import { materialForViewer, viewerFor } from "~/features/library/library.server";
import { getUser, requireUser } from "~/lib/auth/session.server";
import { renderMarkdown } from "~/lib/content/markdown";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

/** A material's printable view; the body is sent only to viewers who may open it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request);
  const { db } = getServices(context);
  const material = await materialForViewer(
    db,
    params.id,
    await viewerFor(db, getUser(context), getServices(context).clock.now()),
  );
  if (!material) throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
  return {
    material: {
      ...material,
      body: undefined,
      html: material.body ? renderMarkdown(material.body) : null,
    },
  };
}

export default function MaterialPage() {
  const t = useT();
  const { material } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-3xl">
      <title>{`${material.title} · Parley`}</title>
      <p className="print:hidden">
        <Link
          to="/dashboard/materials"
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          ← {t("materials.back")}
        </Link>
      </p>
      <header className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex items-center gap-2">
            <LevelBadge level={material.level} />
            <span className="text-sm uppercase tracking-wide text-slate-600">
              {t(`materials.typeName.${material.type}`)}
            </span>
          </div>
          <h1 className="mt-2 text-2xl font-bold text-ink sm:text-3xl">
            <bdi lang="en" dir="ltr">
              {material.title}
            </bdi>
          </h1>
          <p className="mt-1 text-slate-600">
            <bdi lang="en" dir="ltr">
              {material.summary}
            </bdi>
          </p>
        </div>
        {material.html ? (
          <Button
            theme="white"
            icon={<PrintIcon className="size-4" />}
            onClick={() => window.print()}
            className="print:hidden"
          >
            {t("presenter.print")}
          </Button>
        ) : null}
      </header>
      {material.html ? (
        <div
          className="prose-parley mt-6 rounded-2xl border border-slate-200 bg-white p-6 print:border-0 print:p-0"
          lang="en"
          dir="ltr"
          dangerouslySetInnerHTML={{ __html: material.html }}
        />
      ) : (
        <div
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-8 text-center"
          data-testid="locked-material"
        >
          <LockIcon className="mx-auto size-8 text-brand-700" />
          <p className="mt-3 font-medium text-ink">{t("materials.lockedTitle")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("presenter.lockedText")}</p>
          <ButtonLink to="/dashboard/membership" theme="secondary" className="mt-5">
            {t("menu.goPremium")}
          </ButtonLink>
        </div>
      )}
    </article>
  );
}
