import { Form, href, Link } from "react-router";
import { AnswerAlert } from "~/components/answer-alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import type { FormAnswer } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { dataKey } from "~/lib/i18n/translate";
import { CEFR_LEVELS, EXERCISE_TYPES, MATERIAL_TYPES, TOPICS } from "../vocabulary";

export interface AdminLibraryListData {
  kind: "exercise" | "material";
  params: {
    q: string;
    level: string;
    type: string;
    topic: string;
    access: string;
    status: string;
    page: number;
  };
  items: {
    id: string;
    title: string;
    level: string;
    type: string;
    isFree: boolean;
    status: "draft" | "scheduled" | "published";
    publishedAt: string;
    updatedAt: string;
    edited: boolean;
  }[];
  total: number;
  page: number;
  pageCount: number;
  deleted: { revisionId: number; id: string; title: string; deletedAt: string; by: string }[];
}

const STATUS_TONES = {
  draft: "bg-slate-100 text-slate-800 ring-slate-300",
  scheduled: "bg-amber-50 text-amber-900 ring-amber-300",
  published: "bg-green-50 text-green-900 ring-green-300",
} as const;

function Filter({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  const t = useT();
  return (
    <label className="text-sm font-medium text-slate-800">
      {label}
      <select
        name={name}
        defaultValue={value}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 sm:w-44"
      >
        <option value="">{t("adminLibrary.any")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * /admin/exercises/:type and /admin/materials/:type: every item with search, filters and
 * pages, a link to each editor, "new", and the items deleted in the panel to restore.
 */
export function AdminLibraryList({
  loaded,
  answer,
}: {
  loaded: AdminLibraryListData;
  answer?: FormAnswer;
}) {
  const t = useT();
  const { kind, params, items, total, page, pageCount, deleted } = loaded;
  const exercise = kind === "exercise";
  const types: readonly string[] = exercise ? EXERCISE_TYPES : MATERIAL_TYPES;
  const typeName = (type: string) =>
    exercise ? t(dataKey(`library.type.${type}`)) : t(dataKey(`materials.typeName.${type}`));
  const listOf = (type: string) =>
    exercise ? href("/admin/exercises/:type", { type }) : href("/admin/materials/:type", { type });
  const editorOf = (id: string) =>
    exercise ? href("/admin/exercise/:id", { id }) : href("/admin/material/:id", { id });
  const title = exercise ? t("page.adminExercises.title") : t("page.adminMaterials.title");
  return (
    <>
      <title>{`${title} · Parley`}</title>
      <PageHeader
        title={title}
        description={
          exercise ? t("page.adminExercises.description") : t("page.adminMaterials.description")
        }
      />
      <AnswerAlert answer={answer} className="mb-6" />
      <nav aria-label={t("adminLibrary.filterType")} className="mb-4 flex flex-wrap gap-2">
        {["all", ...types].map((type) => {
          const current = (params.type || "all") === type;
          return (
            <Link
              key={type}
              to={listOf(type)}
              aria-current={current ? "page" : undefined}
              className={
                current
                  ? "rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white"
                  : "rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
              }
            >
              {type === "all" ? t("adminLibrary.allTypes") : typeName(type)}
            </Link>
          );
        })}
      </nav>
      <div className="mb-6 flex flex-wrap gap-3">
        {exercise ? (
          params.type ? (
            <ButtonLink to={href("/admin/exercises/:type/new", { type: params.type })}>
              {t("adminLibrary.newExercise")}
            </ButtonLink>
          ) : (
            <details className="w-full">
              <summary className="inline-flex cursor-pointer rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white">
                {t("adminLibrary.newExercise")}
              </summary>
              <div className="mt-3 rounded-2xl border border-slate-200 bg-white p-4">
                <p className="mb-2 text-sm font-medium text-slate-800">
                  {t("adminLibrary.chooseType")}
                </p>
                <ul className="flex flex-wrap gap-2">
                  {EXERCISE_TYPES.map((type) => (
                    <li key={type}>
                      <ButtonLink
                        to={href("/admin/exercises/:type/new", { type })}
                        theme="white"
                        size="small"
                      >
                        {typeName(type)}
                      </ButtonLink>
                    </li>
                  ))}
                </ul>
              </div>
            </details>
          )
        ) : (
          <ButtonLink to={href("/admin/materials/new")}>{t("adminLibrary.newMaterial")}</ButtonLink>
        )}
      </div>
      <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
        <label className="w-full text-sm font-medium text-slate-800 sm:w-72">
          {t("adminLibrary.search")}
          <input
            name="q"
            type="search"
            defaultValue={params.q}
            maxLength={100}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <Filter
          label={t("adminLibrary.filterLevel")}
          name="level"
          value={params.level}
          options={CEFR_LEVELS.map((l) => ({ value: l, label: l }))}
        />
        <Filter
          label={t("adminLibrary.filterTopic")}
          name="topic"
          value={params.topic}
          options={TOPICS.map((topic) => ({
            value: topic,
            label: t(dataKey(`library.topic.${topic}`)),
          }))}
        />
        <Filter
          label={t("adminLibrary.filterAccess")}
          name="access"
          value={params.access}
          options={[
            { value: "free", label: t("adminLibrary.access.free") },
            { value: "premium", label: t("adminLibrary.access.premium") },
          ]}
        />
        <Filter
          label={t("adminLibrary.filterStatus")}
          name="status"
          value={params.status}
          options={(["draft", "scheduled", "published"] as const).map((s) => ({
            value: s,
            label: t(`adminLibrary.status.${s}`),
          }))}
        />
        <Button type="submit" theme="white">
          {t("adminLibrary.apply")}
        </Button>
      </Form>
      <p className="mb-3 text-sm text-slate-600" role="status">
        {t("adminLibrary.results", { count: total })}
      </p>
      {items.length === 0 ? (
        <EmptyState title={t("adminLibrary.none")} />
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
          data-testid="admin-library-list"
        >
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-ink">
                  <Link to={editorOf(item.id)} className="hover:underline">
                    <bdi lang="en" dir="ltr">
                      {item.title}
                    </bdi>
                  </Link>
                </p>
                <p className="text-sm text-slate-600">
                  {item.level} · {typeName(item.type)} ·{" "}
                  {item.isFree ? t("adminLibrary.access.free") : t("adminLibrary.access.premium")} ·{" "}
                  {t("adminLibrary.publishedOn", { date: item.publishedAt })}
                  {item.edited ? ` · ${t("adminLibrary.edited")}` : ""}
                </p>
              </div>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_TONES[item.status]}`}
              >
                {t(`adminLibrary.status.${item.status}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pageCount} label={t("adminLibrary.pages")} />
      {deleted.length > 0 ? (
        <section className="mt-10">
          <h2 className="mb-3 text-lg font-semibold text-ink">{t("adminLibrary.deletedTitle")}</h2>
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {deleted.map((d) => (
              <li
                key={d.id}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words text-ink">
                    <bdi lang="en" dir="ltr">
                      {d.title}
                    </bdi>
                  </p>
                  <p className="text-sm text-slate-600">
                    {t("adminLibrary.deletedBy", { who: d.by })} ·{" "}
                    <LocalDateTime value={d.deletedAt} />
                  </p>
                </div>
                <Form method="post" action={editorOf(d.id)}>
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="revision" value={d.revisionId} />
                  <Button type="submit" theme="white" size="small">
                    {t("adminLibrary.restoreDeleted")}
                    <span className="sr-only"> {d.title}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
