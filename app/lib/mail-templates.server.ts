import type { I18nCatalog } from "./i18n/catalog.server";
import { getLocale } from "./i18n/locales";
import { createTranslator } from "./i18n/translate";
import type { MailMessage } from "./mail.server";
import { dataKey } from "./i18n/translate";
import type { MailKind } from "./mail-kinds";

export interface MailVars {
  firstName?: string;
  /** The link the mail leads to, when it has one. */
  url?: string;
  supportEmail: string;
  appOrigin: string;
  /** Further placeholders of the kind's messages ({{date}}, {{school}} …). */
  values?: Record<string, string>;
}

/**
 * The frame every Parley mail shares: the brand on top, the content, the footer below, in a
 * 560 px column that narrows with the screen; `lang` and `dir` from the recipient's language.
 * `contentHtml` and `footerHtml` must already be safe HTML.
 */
export function mailLayout(
  locale: string,
  subject: string,
  contentHtml: string,
  footerHtml: string,
): string {
  const { iso, dir } = getLocale(locale);
  return `<!doctype html><html lang="${iso}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f7f8fc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#18203a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:22px;font-weight:700;color:#1d35d7;padding-bottom:16px">Parley</td></tr>
<tr><td style="font-size:16px;line-height:1.6">
${contentHtml}
</td></tr>
<tr><td style="font-size:13px;color:#5b6477;border-top:1px solid #e5e8f0;padding-top:16px">${footerHtml}</td></tr>
</table></td></tr></table></body></html>`;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/**
 * Builds a transactional mail in the recipient's language from the `mail.<kind>.*` messages:
 * subject, greeting, body, an optional button with the link, and a footer. Plain text and
 * HTML carry the same words.
 */
export function renderMail(
  catalog: I18nCatalog,
  locale: string,
  kind: MailKind,
  to: string,
  vars: MailVars,
): MailMessage {
  const t = createTranslator(locale, catalog.get(locale).messages);
  const values = {
    ...vars.values,
    name: vars.firstName ?? "",
    supportEmail: vars.supportEmail,
  };
  const subject = t(`mail.${kind}.subject`, values);
  const greeting = vars.firstName
    ? t("mail.greeting", { name: vars.firstName })
    : t("mail.greetingNoName");
  const paragraphs = t(`mail.${kind}.body`, values).split("\n\n");
  const button = vars.url ? t(dataKey(`mail.${kind}.button`), values) : null;
  const footer = t("mail.footer", values);

  const text = [
    greeting,
    ...paragraphs,
    ...(vars.url ? [`${button}: ${vars.url}`] : []),
    "—",
    footer,
  ].join("\n\n");
  const content = `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n")}
${
  vars.url && button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(vars.url)}" style="display:inline-block;background:#1d35d7;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#5b6477;word-break:break-all">${escapeHtml(vars.url)}</p>`
    : ""
}`;
  const html = mailLayout(locale, subject, content, escapeHtml(footer));
  return { kind, to, subject, text, html };
}
