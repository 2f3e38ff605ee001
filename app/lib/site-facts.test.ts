import { describe, expect, it } from "vitest";
import { fillSiteFacts, hasSiteFacts } from "./site-facts";

const full = {
  legalName: "Rivers & Sons Ltd",
  address: "12 Quay Street, Gdańsk",
  vatNumber: "PL1234567890",
  country: "Poland",
  supportEmail: "help@rivers.example",
  privacyEmail: "dpo@rivers.example",
};

describe("fillSiteFacts", () => {
  it("fills every token in HTML, escaped, with the name in bold and the VAT label in the text's language", () => {
    const text =
      "<p>Run by {{operator}}. Letters: {{operator.postal}}. Write to {{ support.email }} or {{privacy.email}}.</p>";
    expect(fillSiteFacts(text, full, { html: true })).toBe(
      "<p>Run by <strong>Rivers &amp; Sons Ltd</strong>, 12 Quay Street, Gdańsk, VAT PL1234567890. Letters: Rivers &amp; Sons Ltd, 12 Quay Street, Gdańsk. Write to help@rivers.example or dpo@rivers.example.</p>",
    );
  });

  it("names the country after its phrase, or nothing when not given", () => {
    expect(
      fillSiteFacts("the law of the country of our office{{operator.country}}.", full, {
        html: true,
      }),
    ).toBe("the law of the country of our office (<strong>Poland</strong>).");
    expect(
      fillSiteFacts(
        "prawu państwa siedziby{{operator.country}}.",
        { ...full, country: null },
        {
          html: true,
        },
      ),
    ).toBe("prawu państwa siedziby.");
  });

  it("leaves out what the operator has not given, and names the service when there is no legal name", () => {
    const none = { ...full, legalName: null, address: null, vatNumber: null, country: null };
    expect(fillSiteFacts("by {{operator}} ({{operator.postal}})", none, { html: true })).toBe(
      "by <strong>Parley</strong> (Parley)",
    );
    const noVat = { ...full, vatNumber: null };
    expect(fillSiteFacts("{{operator}}.", noVat, { html: false })).toBe(
      "Rivers & Sons Ltd, 12 Quay Street, Gdańsk.",
    );
  });

  it("tells texts with tokens from texts without", () => {
    expect(hasSiteFacts("write to {{support.email}}")).toBe(true);
    expect(hasSiteFacts("run by {{ operator }}")).toBe(true);
    expect(hasSiteFacts("a {{firstName}} of a mail")).toBe(false);
  });
});
