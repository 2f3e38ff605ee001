import { useId } from "react";
import { Form, useLocation, href } from "react-router";
import { LANGUAGES } from "~/lib/i18n/locales";
import { useLocale, useT } from "~/lib/i18n/react";

/**
 * Changes the interface language: the server stores the choice (cookie, and the account
 * for signed-in users) and redirects to this page's address in that language. Choosing an
 * option changes nothing until the button is pressed (WCAG 3.2.2: no change of context on
 * input), with or without JavaScript.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const id = useId();
  return (
    <Form method="post" action={href("/api/locale")} reloadDocument className={className}>
      <input type="hidden" name="path" value={`${location.pathname}${location.search}`} />
      <label htmlFor={id} className="sr-only">
        {t("common.language")}
      </label>
      <div className="flex items-center gap-2">
        <select
          id={id}
          name="locale"
          defaultValue={locale.code}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800"
        >
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.iso} dir={l.dir}>
              {l.flag} {l.name}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="min-h-9 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {t("common.change")}
        </button>
      </div>
    </Form>
  );
}
