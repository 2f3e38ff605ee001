import { useSearchParams } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { PASSWORD_RECOMMENDED } from "~/features/auth";
import { useMessage } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { EmailChangeSchema, PasswordChangeSchema } from "../schemas";
import { AccountForm, FormAnswer, Section, useAccountForm } from "./account-form";

/** Changing the e-mail address: a link goes to the new one (spec §3). */
export function EmailSection({ email }: { email: string }) {
  const t = useT();
  const message = useMessage();
  const [params] = useSearchParams();
  const { busy, notice, failure } = useAccountForm("email");
  return (
    <Section
      id="email"
      title={t("account.email")}
      description={t("account.emailCurrent", { email })}
    >
      {params.get("emailVerified") ? (
        <Alert tone="success" className="mb-4">
          {t("account.emailVerified")}
        </Alert>
      ) : null}
      <AccountForm intent="email" schema={EmailChangeSchema}>
        {(errors) => (
          <>
            <TextField
              label={t("account.newEmail")}
              name="newEmail"
              type="email"
              autoComplete="email"
              defaultValue={failure?.values.newEmail}
              error={message(errors.newEmail)}
            />
            <TextField
              label={t("account.currentPassword")}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              error={message(errors.currentPassword)}
            />
            <FormAnswer notice={notice} failure={failure} />
            <Button type="submit" theme="white" loading={busy}>
              {t("account.changeEmail")}
            </Button>
          </>
        )}
      </AccountForm>
    </Section>
  );
}

/** Changing the password, with the current one (spec §3). */
export function PasswordSection() {
  const t = useT();
  const message = useMessage();
  const { busy, notice, failure } = useAccountForm("password");
  return (
    <Section id="password" title={t("account.password")} description={t("account.passwordIntro")}>
      <AccountForm intent="password" schema={PasswordChangeSchema}>
        {(errors) => (
          <>
            <TextField
              label={t("account.currentPassword")}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              error={message(errors.currentPassword)}
            />
            <TextField
              label={t("auth.newPassword")}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              hint={t("auth.passwordHint", { count: PASSWORD_RECOMMENDED })}
              error={message(errors.newPassword)}
            />
            <TextField
              label={t("auth.confirmPassword")}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              error={message(errors.confirmPassword)}
            />
            <FormAnswer notice={notice} failure={failure} />
            <Button type="submit" theme="white" loading={busy}>
              {t("account.changePassword")}
            </Button>
          </>
        )}
      </AccountForm>
    </Section>
  );
}
