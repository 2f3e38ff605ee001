import { Form, href, Link, useNavigation } from "react-router";
import { AnswerAlert } from "~/components/answer-alert";
import { ConfirmDeleteForm } from "~/components/confirm-delete-form";
import { Button, ButtonLink } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useMessage, type FormAnswer } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import type { FieldErrors } from "~/lib/validation/messages";
import type { AdminChangelogRow } from "../changelog-admin.server";

/** Admin → Changelog: the Feature Lab's entries, newest first, each opened in its editor. */
export function AdminChangelogList({
  entries,
  notice,
}: {
  entries: AdminChangelogRow[];
  notice?: FormAnswer;
}) {
  const t = useT();
  return (
    <>
      <PageHeader title={t("adminChangelog.title")} description={t("adminChangelog.description")} />
      <AnswerAlert answer={notice} />
      <div className="mb-6 flex flex-wrap gap-3">
        <ButtonLink to={href("/admin/changelog/new")}>{t("adminChangelog.new")}</ButtonLink>
        <ButtonLink to={href("/dashboard/features")} theme="white">
          {t("adminChangelog.openLab")}
        </ButtonLink>
      </div>
      {entries.length === 0 ? (
        <EmptyState title={t("adminChangelog.none")} />
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
          data-testid="admin-changelog-list"
        >
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-ink">
                  <Link
                    to={href("/admin/changelog/:id", { id: entry.id })}
                    className="hover:underline"
                  >
                    <bdi lang="en" dir="ltr">
                      {entry.title}
                    </bdi>
                  </Link>
                </p>
                <p className="text-sm text-slate-600">
                  {t("adminLibrary.publishedOn", { date: entry.publishedAt })}
                  {entry.tags.length ? (
                    <>
                      {" · "}
                      <bdi lang="en" dir="ltr">
                        {entry.tags.join(", ")}
                      </bdi>
                    </>
                  ) : null}
                  {entry.edited ? ` · ${t("adminLibrary.edited")}` : ""}
                </p>
              </div>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${
                  entry.scheduled
                    ? "bg-amber-50 text-amber-900 ring-amber-300"
                    : "bg-green-50 text-green-900 ring-green-300"
                }`}
              >
                {t(
                  entry.scheduled
                    ? "adminLibrary.status.scheduled"
                    : "adminLibrary.status.published",
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const text = (tree: Record<string, unknown>, path: "slug" | "body" | `record.${string}`) => {
  const value = path.startsWith("record.")
    ? (tree.record as Record<string, unknown> | undefined)?.[path.slice("record.".length)]
    : tree[path];
  return typeof value === "string" ? value : "";
};

/** One entry's editor: address (new only), title, summary, date, tags and the Markdown. */
export function ChangelogEditor({
  tree,
  errors,
  answer,
  mode,
}: {
  tree: Record<string, unknown>;
  errors: FieldErrors;
  answer?: FormAnswer;
  mode: "new" | "edit";
}) {
  const t = useT();
  const message = useMessage();
  const busy = useNavigation().state === "submitting";
  const errorOf = (name: string) => message(errors[name]);
  return (
    <Form
      method="post"
      noValidate
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <AnswerAlert answer={answer} />
      {mode === "new" ? (
        <TextField
          label={t("adminChangelog.field.slug")}
          name="slug"
          defaultValue={text(tree, "slug")}
          hint={t("adminChangelog.slugHelp")}
          error={errorOf("slug")}
          maxLength={80}
          dir="ltr"
          autoComplete="off"
        />
      ) : null}
      <TextField
        label={t("adminLibrary.field.title")}
        name="record.title"
        defaultValue={text(tree, "record.title")}
        error={errorOf("record.title")}
        maxLength={120}
        dir="ltr"
        lang="en"
      />
      <TextAreaField
        label={t("adminChangelog.field.description")}
        name="record.description"
        defaultValue={text(tree, "record.description")}
        error={errorOf("record.description")}
        maxLength={200}
        rows={2}
        dir="ltr"
        lang="en"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("adminLibrary.field.publishedAt")}
          name="record.publishedAt"
          type="date"
          defaultValue={text(tree, "record.publishedAt").slice(0, 10)}
          hint={t("adminChangelog.publishedAtHelp")}
          error={errorOf("record.publishedAt")}
        />
        <TextField
          label={t("adminChangelog.field.tags")}
          name="record.tags"
          defaultValue={text(tree, "record.tags")}
          hint={t("adminChangelog.tagsHelp")}
          error={errorOf("record.tags")}
          dir="ltr"
          lang="en"
        />
      </div>
      <TextAreaField
        label={t("adminChangelog.field.body")}
        name="body"
        defaultValue={text(tree, "body")}
        hint={t("adminChangelog.bodyHelp")}
        error={errorOf("body")}
        rows={14}
        className="font-mono"
        dir="ltr"
        lang="en"
      />
      <div>
        <Button type="submit" name="intent" value="save" loading={busy}>
          {mode === "new" ? t("adminLibrary.create") : t("adminLibrary.save")}
        </Button>
      </div>
    </Form>
  );
}

/** Deleting an entry, behind a confirmation box. */
export function DeleteEntry({ answer }: { answer?: FormAnswer }) {
  const t = useT();
  return (
    <ConfirmDeleteForm
      answer={answer}
      confirm={t("adminChangelog.confirmDelete")}
      required={t("adminChangelog.confirmDeleteRequired")}
      button={t("adminChangelog.delete")}
    />
  );
}
