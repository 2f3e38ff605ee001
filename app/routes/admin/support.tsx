import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useLoaderData, useRevalidator } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/support";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { TextAreaField } from "~/components/ui/field";
import { LocalDateTime } from "~/components/ui/local-time";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { subscribe as onLiveEvent } from "~/features/notifications/live";
import { countryName } from "~/features/account/countries";
import { SUPPORT_MESSAGE_MAX } from "~/features/support/limits";
import type { BotMarker } from "~/features/support/parity";
import { MessageBubble } from "~/features/support/message-bubble";
import {
  replyAsSupport,
  supportConversation,
  supportInbox,
} from "~/features/support/support.server";
import { requireAdmin } from "~/lib/auth/session.server";
import { refuse } from "~/lib/errors";
import { formDone } from "~/lib/forms";
import { AnswerAlert } from "~/components/answer-alert";
import { getServices } from "~/lib/context.server";
import { readForm, requireMethod } from "~/lib/http.server";
import { getLocale } from "~/lib/i18n/locales";
import { pageLocale } from "~/lib/i18n/page-locale.server";
import { useLocale, useT } from "~/lib/i18n/react";

/** /admin/support: every support conversation, those waiting for an answer first; reply. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const services = getServices(context);
  const selected = new URL(request.url).searchParams.get("user");
  const conversation = selected ? await supportConversation(services, selected) : null;
  // Country names are made here, not in the browser: ICU versions name regions differently.
  const iso = getLocale(pageLocale(request, context)).iso;
  return {
    inbox: await supportInbox(services),
    conversation: conversation && {
      ...conversation,
      countryName: conversation.user.countryCode
        ? countryName(conversation.user.countryCode, iso)
        : null,
    },
  };
}

const ReplySchema = z.object({
  intent: z.literal("reply"),
  userId: z.string().min(1).max(100),
  body: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX),
});

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const admin = requireAdmin(context, request);
  const parsed = ReplySchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("adminSupport", "empty");
  const sent = await replyAsSupport(
    getServices(context),
    admin.id,
    parsed.data.userId,
    parsed.data.body,
  );
  if (!sent) return refuse("adminSupport", "no-user");
  return formDone("adminSupport.sent");
}

export default function AdminSupportPage() {
  const t = useT();
  const { inbox, conversation } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const revalidator = useRevalidator();
  const replyForm = useRef<HTMLFormElement>(null);
  useEffect(() => onLiveEvent("support", () => void revalidator.revalidate()), [revalidator]);
  useEffect(() => {
    if (answer && "notice" in answer) replyForm.current?.reset();
  }, [answer]);
  const waiting = inbox.filter((c) => c.lastAuthor === "user").length;
  return (
    <>
      <title>{`${t("page.adminSupport.title")} · Parley`}</title>
      <PageHeader
        title={t("page.adminSupport.title")}
        description={t("adminSupport.waiting", { count: waiting })}
      />
      <AnswerAlert answer={answer} className="mb-6" />
      {inbox.length === 0 ? (
        <EmptyState title={t("adminSupport.emptyTitle")}>{t("adminSupport.empty")}</EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <ul
            aria-label={t("adminSupport.conversations")}
            className="max-h-[70vh] divide-y divide-slate-100 overflow-y-auto rounded-2xl border border-slate-200 bg-white"
          >
            {inbox.map((c) => (
              <li key={c.userId}>
                <Link
                  to={`?user=${encodeURIComponent(c.userId)}`}
                  aria-current={conversation?.user.id === c.userId ? "page" : undefined}
                  className={cx(
                    "block px-4 py-3 hover:bg-slate-50",
                    conversation?.user.id === c.userId && "bg-brand-50",
                  )}
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate font-medium text-ink">
                      {c.name || c.email} {c.flags}
                    </span>
                    {c.lastAuthor === "user" ? (
                      <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {t("adminSupport.needsAnswer")}
                      </span>
                    ) : null}
                  </span>
                  <span className="mt-0.5 block truncate text-sm text-slate-600">
                    {c.lastAuthor === "staff" ? `${t("adminSupport.you")}: ` : ""}
                    <bdi>{c.lastBody}</bdi>
                  </span>
                  <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                    <LocalDateTime value={c.lastAt} />
                    <SupportSignals signals={c} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {conversation ? (
            <section
              aria-labelledby="conversation"
              className="rounded-2xl border border-slate-200 bg-white p-5"
            >
              <h2 id="conversation" className="text-lg font-semibold text-ink">
                {conversation.user.firstName} {conversation.user.lastName}{" "}
                <span className="text-sm font-normal text-slate-600">
                  {conversation.user.email}
                </span>
              </h2>
              <p
                className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700"
                data-testid="support-signals"
              >
                {conversation.countryName ? <span>{conversation.countryName}</span> : null}
                <SupportSignals signals={conversation.user} full />
              </p>
              <ol className="mt-4 space-y-3" data-testid="support-conversation">
                {conversation.messages.map((m) => (
                  <MessageBubble
                    key={m.id}
                    body={m.body}
                    createdAt={m.createdAt}
                    from={
                      m.author === "staff" ? t("adminSupport.you") : conversation.user.firstName
                    }
                    own={m.author === "staff"}
                  />
                ))}
              </ol>
              <Form ref={replyForm} method="post" className="mt-5 space-y-3">
                <input type="hidden" name="intent" value="reply" />
                <input type="hidden" name="userId" value={conversation.user.id} />
                <TextAreaField
                  label={t("adminSupport.reply")}
                  name="body"
                  rows={4}
                  required
                  maxLength={SUPPORT_MESSAGE_MAX}
                />
                <Button type="submit">{t("adminSupport.send")}</Button>
              </Form>
            </section>
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-slate-600">
              {t("adminSupport.pick")}
            </p>
          )}
        </div>
      )}
    </>
  );
}

const MARKER_CLASS: Record<BotMarker, string> = {
  red: "bg-red-100 text-red-900 ring-red-600",
  orange: "bg-orange-100 text-orange-900 ring-orange-500",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-500",
};
const MARKER_DOT: Record<BotMarker, string> = {
  red: "bg-red-600",
  orange: "bg-orange-500",
  yellow: "bg-yellow-400",
};

/**
 * The bot-score marker and the parity discount of spec §9 for one user. In the inbox list
 * only what needs attention shows (a marker, a discount); the conversation shows all of it.
 */
function SupportSignals({
  signals,
  full = false,
}: {
  signals: { rcs: number | null; botMarker: BotMarker | null; parityDiscount: number };
  full?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const score =
    signals.rcs === null
      ? null
      : new Intl.NumberFormat(locale.iso, {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format(signals.rcs);
  const percent = new Intl.NumberFormat(locale.iso, { style: "percent" }).format(
    signals.parityDiscount / 100,
  );
  return (
    <>
      {signals.botMarker ? (
        <span
          className={cx(
            "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 font-semibold ring-1",
            MARKER_CLASS[signals.botMarker],
          )}
          data-testid="bot-marker"
          data-marker={signals.botMarker}
        >
          <span
            aria-hidden="true"
            className={cx("size-2 rounded-full", MARKER_DOT[signals.botMarker])}
          />
          {t(`adminSupport.botRisk.${signals.botMarker}`, { score: score ?? "" })}
        </span>
      ) : full ? (
        <span data-testid="bot-marker" data-marker="none">
          {score === null ? t("adminSupport.noScore") : t("adminSupport.botScore", { score })}
        </span>
      ) : null}
      {signals.parityDiscount > 0 ? (
        <span
          className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900"
          data-testid="parity-discount"
        >
          {t("adminSupport.parity", { percent })}
        </span>
      ) : full ? (
        <span data-testid="parity-discount">{t("adminSupport.noParity")}</span>
      ) : null}
    </>
  );
}
