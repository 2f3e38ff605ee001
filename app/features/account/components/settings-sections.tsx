import { Button } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/field";
import { NOTIFICATION_KINDS } from "~/features/notifications";
import { LANGUAGES } from "~/lib/i18n/locales";
import { useT } from "~/lib/i18n/react";
import type { AccountPageData } from "../account-page.server";
import { countryFlag } from "../countries";
import { ConsentsSchema, NotificationPrefsSchema, PreferencesSchema } from "../schemas";
import {
  AccountForm,
  FormAnswer,
  Section,
  useAccountForm,
  type AccountFormName,
} from "./account-form";

/** "Saved" under a settings form, and its submit button. */
function SaveRow({ intent, theme }: { intent: AccountFormName; theme?: "white" }) {
  const t = useT();
  const { busy, notice } = useAccountForm(intent);
  return (
    <>
      <FormAnswer notice={notice} />
      <Button type="submit" theme={theme} loading={busy}>
        {t("account.save")}
      </Button>
    </>
  );
}

/** Language and country (spec §3). */
export function PreferencesSection({ loaded }: { loaded: AccountPageData }) {
  const t = useT();
  return (
    <Section id="preferences" title={t("account.preferences")}>
      <AccountForm intent="preferences" schema={PreferencesSchema}>
        <div>
          <label htmlFor="account-locale" className="mb-1 block text-sm font-medium text-slate-800">
            {t("account.language")}
          </label>
          <select
            id="account-locale"
            name="locale"
            defaultValue={loaded.locale}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code} lang={l.iso} dir={l.dir}>
                {l.flag} {l.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label
            htmlFor="account-country"
            className="mb-1 block text-sm font-medium text-slate-800"
          >
            {t("account.country")}
          </label>
          <select
            id="account-country"
            name="countryCode"
            defaultValue={loaded.countryCode}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            <option value="">{t("account.countryNone")}</option>
            {loaded.countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {countryFlag(code)} {name}
              </option>
            ))}
          </select>
          <p className="mt-1 text-sm text-slate-600">{t("account.countryHint")}</p>
        </div>
        <SaveRow intent="preferences" />
      </AccountForm>
    </Section>
  );
}

/** The two newsletters a user may take (spec §3). */
export function NewslettersSection({ loaded }: { loaded: AccountPageData }) {
  const t = useT();
  return (
    <Section id="newsletters" title={t("account.newsletters")}>
      <AccountForm intent="consents" schema={ConsentsSchema}>
        <CheckboxField
          name="app"
          defaultChecked={loaded.app}
          label={t("auth.signUp.appNewsletter")}
        />
        <CheckboxField
          name="marketing"
          defaultChecked={loaded.marketing}
          label={t("auth.signUp.marketingNewsletter")}
        />
        <SaveRow intent="consents" theme="white" />
      </AccountForm>
    </Section>
  );
}

/** Which kinds of notification the user wants. */
export function NotificationsSection({ loaded }: { loaded: AccountPageData }) {
  const t = useT();
  return (
    <Section id="notifications" title={t("account.notifications")}>
      <AccountForm intent="notifications" schema={NotificationPrefsSchema}>
        <p className="text-sm text-slate-600">{t("account.notificationsIntro")}</p>
        {NOTIFICATION_KINDS.map((kind) => (
          <CheckboxField
            key={kind}
            name={kind}
            defaultChecked={!loaded.notificationsOff.includes(kind)}
            label={t(`notifications.kind.${kind}`)}
          />
        ))}
        <SaveRow intent="notifications" theme="white" />
      </AccountForm>
    </Section>
  );
}
