import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
  render,
} from "@react-email/components";
import type { ReactNode } from "react";
import type { I18nCatalog } from "./i18n/catalog.server";
import { getLocale } from "./i18n/locales";
import { createTranslator, dataKey } from "./i18n/translate";
import type { MailMessage } from "./mail.server";
import type { MailKind } from "./mail-kinds";

/** Who sends: the facts every mail's footer carries. */
export interface MailBrand {
  supportEmail: string;
  appOrigin: string;
  /** The operator's legal name and postal address; omitted when unset. */
  operator?: string;
}

/**
 * The footer's facts: the operator's details from Admin → Site settings when given, else the
 * environment's (SUPPORT_EMAIL, OPERATOR_DETAILS).
 */
export function mailBrand(
  env: {
    SUPPORT_EMAIL: string;
    appOrigin: string;
    OPERATOR_DETAILS?: string;
  },
  operator?: { legalName: string | null; address: string | null; supportEmail: string },
): MailBrand {
  const fromPanel = operator?.legalName
    ? [operator.legalName, operator.address].filter(Boolean).join(", ")
    : undefined;
  return {
    supportEmail: operator?.supportEmail ?? env.SUPPORT_EMAIL,
    appOrigin: env.appOrigin,
    operator: fromPanel ?? env.OPERATOR_DETAILS,
  };
}

export interface MailVars {
  firstName?: string;
  /** The link the mail leads to, when it has one. */
  url?: string;
  brand: MailBrand;
  /** Further placeholders of the kind's messages ({{date}}, {{school}} …). */
  values?: Record<string, string>;
}

/** The footer's words: why the mail came, an unsubscribe link when it has one. */
export interface MailFooter {
  why: string;
  unsubscribe?: { label: string; url: string };
}

const ink = "#18203a";
const muted = "#5b6477";
const brandBlue = "#1d35d7";

const styles = {
  body: {
    margin: 0,
    backgroundColor: "#f7f8fc",
    fontFamily: "system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif",
    color: ink,
  },
  container: {
    maxWidth: "560px",
    width: "100%",
    margin: "32px auto",
    backgroundColor: "#ffffff",
    borderRadius: "12px",
    padding: "32px 24px",
  },
  brand: { fontSize: "22px", fontWeight: 700, color: brandBlue, margin: "0 0 16px" },
  content: { fontSize: "16px", lineHeight: "1.6" },
  paragraph: { fontSize: "16px", lineHeight: "1.6", margin: "0 0 16px" },
  button: {
    display: "inline-block",
    backgroundColor: brandBlue,
    color: "#ffffff",
    textDecoration: "none",
    padding: "12px 20px",
    borderRadius: "8px",
    fontWeight: 600,
  },
  url: { fontSize: "13px", color: muted, wordBreak: "break-all" as const, margin: "0 0 16px" },
  hr: { borderColor: "#e5e8f0", margin: "24px 0 16px" },
  footer: { fontSize: "13px", lineHeight: "1.5", color: muted, margin: "0 0 8px" },
  link: { color: brandBlue },
};

/**
 * The frame every Parley mail shares: the brand on top, the content, the footer below (why
 * the mail came, unsubscribe when it applies, the operator's details), in a 560 px column
 * that narrows with the screen; `lang` and `dir` follow the mail's language.
 */
function MailFrame(props: {
  locale: string;
  subject: string;
  preview: string;
  footer: MailFooter;
  brand: MailBrand;
  children: ReactNode;
}) {
  const { iso, dir } = getLocale(props.locale);
  return (
    <Html lang={iso} dir={dir}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.subject}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>Parley</Text>
          <Section style={styles.content}>{props.children}</Section>
          <Hr style={styles.hr} />
          <Text style={styles.footer}>
            {props.footer.why}
            {props.footer.unsubscribe ? (
              <>
                {" "}
                <Link href={props.footer.unsubscribe.url} style={styles.link}>
                  {props.footer.unsubscribe.label}
                </Link>
              </>
            ) : null}
          </Text>
          <Text style={styles.footer}>
            Parley{props.brand.operator ? ` · ${props.brand.operator}` : ""} ·{" "}
            <Link href={`mailto:${props.brand.supportEmail}`} style={styles.link}>
              {props.brand.supportEmail}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The footer's lines as plain text, the same words as the HTML footer. */
function footerText(footer: MailFooter, brand: MailBrand): string {
  return [
    footer.unsubscribe
      ? `${footer.why}\n${footer.unsubscribe.label}: ${footer.unsubscribe.url}`
      : footer.why,
    `Parley${brand.operator ? ` · ${brand.operator}` : ""} · ${brand.supportEmail}`,
  ].join("\n");
}

function firstWords(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/**
 * Builds a transactional mail in the recipient's language from the `mail.<kind>.*` messages:
 * subject, greeting, body, an optional button with the link, and a footer. Plain text and
 * HTML carry the same words.
 */
export async function renderMail(
  catalog: I18nCatalog,
  locale: string,
  kind: MailKind,
  to: string,
  vars: MailVars,
): Promise<MailMessage> {
  const t = createTranslator(locale, catalog.get(locale).messages);
  const values = {
    ...vars.values,
    name: vars.firstName ?? "",
    supportEmail: vars.brand.supportEmail,
  };
  const subject = t(`mail.${kind}.subject`, values);
  const greeting = vars.firstName
    ? t("mail.greeting", { name: vars.firstName })
    : t("mail.greetingNoName");
  const paragraphs = t(`mail.${kind}.body`, values).split("\n\n");
  const button = vars.url ? t(dataKey(`mail.${kind}.button`), values) : null;
  const footer: MailFooter = { why: t("mail.footer", values) };

  const text = [
    greeting,
    ...paragraphs,
    ...(vars.url ? [`${button}: ${vars.url}`] : []),
    "—",
    footerText(footer, vars.brand),
  ].join("\n\n");
  const html = await render(
    <MailFrame
      locale={locale}
      subject={subject}
      preview={firstWords(paragraphs[0] ?? subject)}
      footer={footer}
      brand={vars.brand}
    >
      <Text style={styles.paragraph}>{greeting}</Text>
      {paragraphs.map((p, i) => (
        <Text key={i} style={styles.paragraph}>
          {p}
        </Text>
      ))}
      {vars.url && button ? (
        <>
          <Section style={{ margin: "24px 0" }}>
            <Button href={vars.url} style={styles.button}>
              {button}
            </Button>
          </Section>
          <Text style={styles.url}>{vars.url}</Text>
        </>
      ) : null}
    </MailFrame>,
  );
  return { kind, to, subject, text, html };
}

/**
 * A written mail (a newsletter, a lifecycle mail): its Markdown body already turned into safe
 * HTML and plain text, in the frame of `locale`. `bodyLocale` marks the body's own language
 * when it differs from the frame's (an English newsletter around a Polish footer).
 */
export async function renderDocumentMail(input: {
  locale: string;
  bodyLocale?: string;
  subject: string;
  html: string;
  text: string;
  footer: MailFooter;
  brand: MailBrand;
}): Promise<{ html: string; text: string }> {
  const body = input.bodyLocale ? getLocale(input.bodyLocale) : null;
  const html = await render(
    <MailFrame
      locale={input.locale}
      subject={input.subject}
      preview={firstWords(input.text)}
      footer={input.footer}
      brand={input.brand}
    >
      <div
        {...(body ? { lang: body.iso, dir: body.dir } : {})}
        // The caller passes sanitised HTML (rendered from Markdown by renderMarkdown).
        dangerouslySetInnerHTML={{ __html: input.html }}
      />
    </MailFrame>,
  );
  return { html, text: `${input.text}\n\n—\n\n${footerText(input.footer, input.brand)}` };
}
