import { Form, Link, useLoaderData, useSubmit } from "react-router";
import type { Route } from "./+types/materials";
import { Button } from "~/components/ui/button";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { AccessBadges, LevelBadge } from "~/features/library/components/badges";
import { listMaterials, viewerFor } from "~/features/library/library.server";
import { CEFR_LEVELS, MATERIAL_TYPES } from "~/features/library/schema";
import { getUser, requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const filters = {
    q: (params.get("q") ?? "").slice(0, 200),
    types: params.getAll("type").filter((v) => (MATERIAL_TYPES as readonly string[]).includes(v)),
    levels: params.getAll("level").filter((v) => (CEFR_LEVELS as readonly string[]).includes(v)),
    freeOnly: params.get("free") === "1",
  };
  const viewer = await viewerFor(db, getUser(context), getServices(context).clock.now());
  return { filters, materials: await listMaterials(db, filters, viewer) };
}

export default function MaterialsPage() {
  const t = useT();
  const { filters, materials } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  return (
    <>
      <title>{`${t("page.materials.title")} · Parley`}</title>
      <PageHeader title={t("page.materials.title")} description={t("page.materials.description")} />
      <Form
        method="get"
        className="mb-6 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
        onChange={(e) => void submit(e.currentTarget, { replace: true, preventScrollReset: true })}
      >
        <div>
          <label htmlFor="materials-q" className="mb-1 block text-sm font-medium text-slate-800">
            {t("materials.search")}
          </label>
          <input
            id="materials-q"
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={200}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="materials-type" className="mb-1 block text-sm font-medium text-slate-800">
            {t("materials.type")}
          </label>
          <select
            id="materials-type"
            name="type"
            defaultValue={filters.types[0] ?? ""}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            <option value="">{t("materials.allTypes")}</option>
            {MATERIAL_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`materials.typeName.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label
            htmlFor="materials-level"
            className="mb-1 block text-sm font-medium text-slate-800"
          >
            {t("library.filter.level")}
          </label>
          <select
            id="materials-level"
            name="level"
            defaultValue={filters.levels[0] ?? ""}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            <option value="">{t("materials.allLevels")}</option>
            {CEFR_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-3">
          <label className="flex items-center gap-2 pb-2 text-sm">
            <input
              type="checkbox"
              name="free"
              value="1"
              defaultChecked={filters.freeOnly}
              className="size-4 accent-brand-700"
            />
            {t("library.freeOnly")}
          </label>
          <noscript>
            <Button type="submit">{t("library.applyFilters")}</Button>
          </noscript>
        </div>
      </Form>
      {materials.length === 0 ? (
        <EmptyState title={t("materials.noneTitle")}>{t("materials.none")}</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {materials.map((m) => (
            <li key={m.id}>
              <article className="relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:shadow-md">
                <div className="flex items-center gap-2">
                  <LevelBadge level={m.level} />
                  <span className="text-xs font-medium uppercase tracking-wide text-slate-600">
                    {t(`materials.typeName.${m.type}`)}
                  </span>
                </div>
                <h2 className="mt-2 text-base font-semibold text-ink">
                  <Link
                    to={`/dashboard/materials/${m.id}`}
                    className="after:absolute after:inset-0 after:content-[''] focus-visible:underline"
                  >
                    <bdi lang="en" dir="ltr">
                      {m.title}
                    </bdi>
                  </Link>
                </h2>
                <p className="mt-1.5 line-clamp-3 text-sm text-slate-600">
                  <bdi lang="en" dir="ltr">
                    {m.summary}
                  </bdi>
                </p>
                <div className="mt-auto pt-3">
                  <AccessBadges isFree={m.isFree} locked={m.locked} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
