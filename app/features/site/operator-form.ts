import { optionalEmailField, z } from "~/lib/zod";

const optionalText = (max: number) => z.string().trim().max(max).default("");
const optionalEmail = optionalEmailField();

/**
 * Admin → Site settings → Operator details: who runs Parley, as the legal pages, the FAQ,
 * footers and mails name it. Every field may be left empty: what is missing is left out of
 * those texts (the addresses fall back to SUPPORT_EMAIL).
 */
export const OperatorSchema = z.object({
  legalName: optionalText(200),
  address: optionalText(300),
  vatNumber: optionalText(40),
  country: optionalText(80),
  supportEmail: optionalEmail,
  privacyEmail: optionalEmail,
});
