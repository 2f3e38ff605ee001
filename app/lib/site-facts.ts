/**
 * Facts about who runs Parley that content files name by token instead of writing them in:
 * the operator's legal name, address and VAT number, the support address and the
 * data-protection contact. They are filled in when content is read, from the operator's
 * details in Admin → Site settings, so an operator never needs a developer to change them
 * and no visitor ever sees a placeholder.
 *
 *   {{operator}}          the operator with address and VAT number, the name in bold
 *   {{operator.postal}}   name and address (for letters)
 *   {{operator.country}}  " (Poland)" after a phrase naming the registered office's country,
 *                         or nothing while the country is not given
 *
 * Every fill reads the same in any language (a query may not select a row's locale), so the
 * words around them stay in the content.
 *   {{support.email}}    where teachers write
 *   {{privacy.email}}    where questions about personal data go
 */
export interface SiteFactsSource {
  legalName: string | null;
  address: string | null;
  vatNumber: string | null;
  country: string | null;
  supportEmail: string;
  privacyEmail: string;
}

/** The tokens content may use (check-content refuses others in public pages). */
export const SITE_FACT_TOKENS = [
  "operator",
  "operator.postal",
  "operator.country",
  "support.email",
  "privacy.email",
] as const;
const TOKEN = new RegExp(
  `\\{\\{\\s*(${SITE_FACT_TOKENS.map((t) => t.replace(".", "\\.")).join("|")})\\s*\\}\\}`,
  "g",
);
/** Used when the operator has not given a legal name yet: the service's own name. */
const FALLBACK_NAME = "Parley";

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Whether a text names any fact (so rows without tokens are left as they are). */
export function hasSiteFacts(text: string): boolean {
  TOKEN.lastIndex = 0;
  return TOKEN.test(text);
}

/**
 * Fills the tokens of one text. In HTML the values are escaped and the operator's name and
 * country are bold; in plain text they are as they were given.
 * Missing details are left out with their separators, never shown as blanks.
 */
export function fillSiteFacts(
  text: string,
  facts: SiteFactsSource,
  { html }: { html: boolean },
): string {
  const esc = html ? escapeHtml : (t: string) => t;
  const name = esc(facts.legalName ?? FALLBACK_NAME);
  const address = facts.address ? esc(facts.address) : null;
  const vat = facts.vatNumber ? `VAT ${esc(facts.vatNumber)}` : null;
  return text.replace(TOKEN, (_, token: string) => {
    switch (token) {
      case "operator":
        return [html ? `<strong>${name}</strong>` : name, address, vat].filter(Boolean).join(", ");
      case "operator.country":
        if (!facts.country) return "";
        return ` (${html ? `<strong>${esc(facts.country)}</strong>` : facts.country})`;
      case "operator.postal":
        return [name, address].filter(Boolean).join(", ");
      case "support.email":
        return esc(facts.supportEmail);
      default:
        return esc(facts.privacyEmail);
    }
  });
}
