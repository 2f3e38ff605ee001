import { describe, expect, it } from "vitest";
import { createI18nCatalog } from "./i18n/catalog.server";
import { mailBrand, renderDocumentMail, renderMail, type MailBrand } from "./mail-templates.server";

const brand: MailBrand = {
  supportEmail: "help@parley.example",
  appOrigin: "https://parley.example",
  operator: "Example Teaching Ltd, 1 High Street, Leeds",
};

describe("mail templates (React Email)", () => {
  const catalog = createI18nCatalog();

  it("renders a transactional mail in the recipient's language and direction, HTML and text", async () => {
    const url = "https://parley.example/auth/verify/abc";
    const mail = await renderMail(catalog, "ar", "verifyEmail", "a@example.com", {
      firstName: "Layla",
      url,
      brand,
    });
    const t = catalog.get("ar").messages;
    expect(mail.subject).toBe(t["mail.verifyEmail.subject"]);
    expect(mail.html).toMatch(
      /<html[^>]*dir="rtl"[^>]*lang="ar"|<html[^>]*lang="ar"[^>]*dir="rtl"/,
    );
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain(brand.operator);
    expect(mail.html).toContain('name="viewport"');
    expect(mail.text).toContain(url);
    expect(mail.text).toContain(brand.operator);
    expect(mail.text).toContain("Layla");
  });

  it("leaves the operator line out when none is configured, and escapes what it prints", async () => {
    const mail = await renderMail(catalog, "en", "recovery", "a@example.com", {
      firstName: "<b>Eve</b>",
      url: "https://parley.example/r",
      brand: { ...brand, operator: undefined },
    });
    expect(mail.html).not.toContain("Example Teaching Ltd");
    expect(mail.html).not.toContain("<b>Eve</b>");
    expect(mail.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
  });

  it("frames a written mail with its footer and unsubscribe link, marking the body's language", async () => {
    const { html, text } = await renderDocumentMail({
      locale: "pl",
      bodyLocale: "en",
      subject: "Warm-ups",
      html: "<p>Five new warm-ups.</p>",
      text: "Five new warm-ups.",
      brand,
      footer: {
        why: "Bo tak.",
        unsubscribe: { label: "Wypisz się", url: "https://x.example/u/1" },
      },
    });
    expect(html).toContain('lang="pl"');
    expect(html).toMatch(/<div[^>]*lang="en"[^>]*>|<div[^>]*dir="ltr"[^>]*lang="en"/);
    expect(html).toContain('href="https://x.example/u/1"');
    expect(text).toBe(
      `Five new warm-ups.\n\n—\n\nBo tak.\nWypisz się: https://x.example/u/1\nParley · ${brand.operator} · ${brand.supportEmail}`,
    );
  });
});

describe("mailBrand", () => {
  const env = {
    SUPPORT_EMAIL: "support@env.example",
    appOrigin: "https://parley.example",
    OPERATOR_DETAILS: "Env Ltd, 1 Env Street",
  };
  it("takes the operator's details from the admin panel over the environment's", () => {
    expect(
      mailBrand(env, {
        legalName: "Rivers Ltd",
        address: "2 Quay",
        supportEmail: "help@rivers.example",
      }),
    ).toEqual({
      supportEmail: "help@rivers.example",
      appOrigin: "https://parley.example",
      operator: "Rivers Ltd, 2 Quay",
    });
  });
  it("keeps the environment's line while the panel has no legal name", () => {
    expect(
      mailBrand(env, { legalName: null, address: "2 Quay", supportEmail: "support@env.example" })
        .operator,
    ).toBe("Env Ltd, 1 Env Street");
  });
});
