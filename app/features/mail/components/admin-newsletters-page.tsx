import { useState } from "react";
import { Form, href, Link, useNavigation } from "react-router";
import { AnswerAlert } from "~/components/answer-alert";
import { Button } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/field";
import { BoxedTable } from "~/components/ui/table-head";
import { useFormChecks, useMessage, type FormAnswer, type FormFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { AUDIENCES, NewsletterSchema, type Audience } from "../newsletter-form";

/** What /admin/newsletters loads, dates as text. */
export interface AdminNewslettersData {
  audienceSizes: Record<Audience, number>;
  newsletters: {
    id: number;
    subject: string;
    audience: string;
    status: string;
    scheduledFor: string;
    sentAt: string | null;
    recipients: number | null;
    sent: number;
  }[];
}

/** The compose form's answer: a preview, a sent notice, or what to correct. */
export type NewsletterAnswer = FormAnswer & { preview?: string; previewPl?: string };

const STATUS_KEYS = {
  scheduled: "adminNewsletters.status.scheduled",
  sending: "adminNewsletters.status.sending",
  sent: "adminNewsletters.status.sent",
} as const;

function isStatus(status: string): status is keyof typeof STATUS_KEYS {
  return status in STATUS_KEYS;
}

/** One version of the newsletter as the mail shows it (HTML rendered by the server). */
function RenderedPreview(props: { heading: string; html: string; lang: string; testId: string }) {
  return (
    <>
      <h3 className="mt-4 mb-2 text-base font-semibold text-ink first:mt-0">{props.heading}</h3>
      <div
        className="prose-parley max-w-none overflow-x-auto rounded-xl border border-slate-200 bg-slate-50 p-4"
        lang={props.lang}
        dir="ltr"
        data-testid={props.testId}
        // Sanitised by renderMarkdown on the server: no raw HTML, safe links only.
        dangerouslySetInnerHTML={{ __html: props.html }}
      />
    </>
  );
}

/**
 * The administrator writes a newsletter in Markdown, previews it, picks who gets it (by the
 * consent teachers gave) and sends it now or at a time; below, every newsletter with its
 * progress. The form posts to /admin/newsletters/new (one form per route module).
 */
export function AdminNewslettersPage({
  loaded,
  posted,
}: {
  loaded: AdminNewslettersData;
  posted?: NewsletterAnswer;
}) {
  const t = useT();
  const message = useMessage();
  const navigation = useNavigation();
  const failure = posted && "errors" in posted ? (posted as FormFailure) : undefined;
  const { errors, formProps } = useFormChecks(NewsletterSchema, failure);
  const kept = posted?.values ?? {};
  const [when, setWhen] = useState(String(kept.when ?? "now"));
  const busy = navigation.state === "submitting";
  return (
    <>
      <title>{`${t("page.adminNewsletters.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminNewsletters.title")}
        description={t("page.adminNewsletters.description")}
      />
      <AnswerAlert answer={posted} className="mb-6" />

      <section
        aria-labelledby="compose-heading"
        className="mb-8 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="compose-heading" className="mb-4 text-lg font-semibold text-ink">
          {t("adminNewsletters.compose")}
        </h2>
        <Form
          // A sent newsletter empties the form; a preview or a refusal keeps what was typed.
          key={posted && "notice" in posted && !posted.preview ? `done-${posted.notice}` : "form"}
          method="post"
          action={href("/admin/newsletters/new")}
          className="grid gap-4"
          {...formProps}
        >
          <TextField
            label={t("adminNewsletters.subject")}
            name="subject"
            defaultValue={String(kept.subject ?? "")}
            error={message(errors.subject)}
            maxLength={200}
          />
          <TextAreaField
            label={t("adminNewsletters.body")}
            name="body"
            rows={12}
            defaultValue={String(kept.body ?? "")}
            error={message(errors.body)}
            hint={t("adminNewsletters.bodyHint")}
            dir="ltr"
            lang="en"
          />
          <details
            className="rounded-xl border border-slate-200 p-3"
            open={Boolean(kept.subjectPl || kept.bodyPl || errors.subjectPl || errors.bodyPl)}
          >
            <summary className="cursor-pointer text-sm font-medium text-slate-800">
              {t("adminNewsletters.translationPl")}
            </summary>
            <p className="mt-2 text-sm text-slate-600">{t("adminNewsletters.translationHint")}</p>
            <div className="mt-3 grid gap-4">
              <TextField
                label={t("adminNewsletters.subjectPl")}
                name="subjectPl"
                defaultValue={String(kept.subjectPl ?? "")}
                error={message(errors.subjectPl)}
                maxLength={200}
                lang="pl"
              />
              <TextAreaField
                label={t("adminNewsletters.bodyPl")}
                name="bodyPl"
                rows={8}
                defaultValue={String(kept.bodyPl ?? "")}
                error={message(errors.bodyPl)}
                dir="ltr"
                lang="pl"
              />
            </div>
          </details>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {t("adminNewsletters.audience")}
            </legend>
            {AUDIENCES.map((audience) => (
              <label key={audience} className="flex items-start gap-2 py-1 text-sm">
                <input
                  type="radio"
                  name="audience"
                  value={audience}
                  defaultChecked={(kept.audience ?? "marketing") === audience}
                  className="mt-1"
                />
                <span>
                  {t(`adminNewsletters.audience.${audience}`, {
                    count: loaded.audienceSizes[audience],
                  })}
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {t("adminNewsletters.when")}
            </legend>
            <label className="flex items-center gap-2 py-1 text-sm">
              <input
                type="radio"
                name="when"
                value="now"
                checked={when === "now"}
                onChange={() => setWhen("now")}
              />
              {t("adminNewsletters.whenNow")}
            </label>
            <label className="flex items-center gap-2 py-1 text-sm">
              <input
                type="radio"
                name="when"
                value="later"
                checked={when === "later"}
                onChange={() => setWhen("later")}
              />
              {t("adminNewsletters.whenLater")}
            </label>
            <TextField
              className="mt-2 max-w-xs"
              label={t("adminNewsletters.scheduledFor")}
              name="scheduledFor"
              type="datetime-local"
              defaultValue={String(kept.scheduledFor ?? "")}
              error={message(errors.scheduledFor)}
              hint={t("adminNewsletters.scheduledForHint")}
            />
          </fieldset>
          <CheckboxField
            label={t("adminNewsletters.inArchive")}
            name="inArchive"
            // Ticked for a new newsletter; after a preview or a refusal, as it was sent.
            defaultChecked={posted?.values ? kept.inArchive === "on" : true}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="preview" theme="white" disabled={busy}>
              {t("adminNewsletters.preview")}
            </Button>
            <Button type="submit" name="intent" value="send" disabled={busy}>
              {when === "later" ? t("adminNewsletters.schedule") : t("adminNewsletters.send")}
            </Button>
          </div>
        </Form>
        {posted?.preview ? (
          <section aria-label={t("adminNewsletters.previewHeading")} className="mt-6">
            <RenderedPreview
              heading={t("adminNewsletters.previewHeading")}
              html={posted.preview}
              lang="en"
              testId="newsletter-preview"
            />
            {posted.previewPl ? (
              <RenderedPreview
                heading={t("adminNewsletters.previewHeadingPl")}
                html={posted.previewPl}
                lang="pl"
                testId="newsletter-preview-pl"
              />
            ) : null}
          </section>
        ) : null}
      </section>

      <section aria-labelledby="sent-heading">
        <h2 id="sent-heading" className="mb-3 text-lg font-semibold text-ink">
          {t("adminNewsletters.list")}
        </h2>
        {loaded.newsletters.length === 0 ? (
          <EmptyState title={t("page.adminNewsletters.emptyTitle")}>
            {t("page.adminNewsletters.empty")}
          </EmptyState>
        ) : (
          <BoxedTable
            labelledBy="sent-heading"
            columns={[
              { label: t("adminNewsletters.subject") },
              { label: t("adminNewsletters.statusColumn") },
              { label: t("adminNewsletters.progress") },
              { label: t("adminNewsletters.date") },
            ]}
          >
            {loaded.newsletters.map((n) => (
              <tr key={n.id} className="border-t border-slate-100 align-top">
                <td className="px-4 py-2">
                  <Link
                    to={href("/admin/newsletters/:id", { id: String(n.id) })}
                    className="font-medium text-brand-800 underline"
                  >
                    {n.subject}
                  </Link>
                </td>
                <td className="px-4 py-2">
                  {isStatus(n.status) ? t(STATUS_KEYS[n.status]) : n.status}
                </td>
                <td className="px-4 py-2">
                  {n.recipients === null
                    ? "—"
                    : t("adminNewsletters.sentOf", { sent: n.sent, total: n.recipients })}
                </td>
                <td className="px-4 py-2">
                  <LocalDateTime value={n.sentAt ?? n.scheduledFor} />
                </td>
              </tr>
            ))}
          </BoxedTable>
        )}
      </section>
    </>
  );
}
