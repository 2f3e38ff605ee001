import { href } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClasses } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/field";
import { LocalDateTime } from "~/components/ui/local-time";
import { useMessage } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import type { AccountPageData } from "../account-page.server";
import { DeleteAccountSchema } from "../schemas";
import { AccountForm, Section, useAccountForm } from "./account-form";

/** The signed-in devices; any but this one can be signed out. */
export function DevicesSection({ devices }: { devices: AccountPageData["devices"] }) {
  const t = useT();
  const { fetcher, action, busy } = useAccountForm("revoke");
  return (
    <Section id="devices" title={t("account.devices")} description={t("account.devicesIntro")}>
      <ul className="divide-y divide-slate-100">
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="text-sm font-medium text-ink">
                {device.browser || t("account.unknownBrowser")}{" "}
                {device.os ? t("account.onOs", { os: device.os }) : ""}
                {device.current ? (
                  <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800">
                    {t("account.thisDevice")}
                  </span>
                ) : null}
              </p>
              <p className="text-xs text-slate-600" data-testid="device-last-seen">
                {t("account.lastSeen")} <LocalDateTime value={device.lastSeenAt} />
                {device.ip ? ` · ${device.ip}` : ""}
              </p>
            </div>
            {device.current ? null : (
              <fetcher.Form method="post" action={action}>
                <input type="hidden" name="sessionId" value={device.id} />
                <Button
                  type="submit"
                  size="small"
                  theme="white"
                  loading={busy && fetcher.formData?.get("sessionId") === device.id}
                >
                  {t("account.signOutDevice")}
                </Button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The download of everything Parley holds about the user (GDPR article 20). */
export function DataSection() {
  const t = useT();
  return (
    <Section id="data" title={t("account.yourData")} description={t("account.yourDataIntro")}>
      <a href={href("/dashboard/account/export")} download className={buttonClasses("white")}>
        {t("account.download")}
      </a>
    </Section>
  );
}

/** Deleting the account, with the password and a confirmation. */
export function DeleteSection() {
  const t = useT();
  const message = useMessage();
  const { busy, failure } = useAccountForm("delete");
  return (
    <Section id="delete" title={t("account.delete")} description={t("account.deleteIntro")}>
      {failure?.formError ? (
        <Alert tone="error" className="mb-4">
          {message(failure.formError)}
        </Alert>
      ) : null}
      <AccountForm intent="delete" schema={DeleteAccountSchema}>
        {(errors) => (
          <>
            <TextField
              label={t("account.currentPassword")}
              name="password"
              type="password"
              autoComplete="current-password"
              error={message(errors.password)}
            />
            <CheckboxField
              name="confirm"
              label={t("account.deleteConfirm")}
              error={message(errors.confirm)}
            />
            <Button type="submit" theme="danger" loading={busy}>
              {t("account.deleteButton")}
            </Button>
          </>
        )}
      </AccountForm>
    </Section>
  );
}
