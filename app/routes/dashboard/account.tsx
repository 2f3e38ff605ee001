import type { ReactNode } from "react";
import {
  data,
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/account";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClasses } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import {
  changePassword,
  deleteAccount,
  listUserSessions,
  requestEmailChange,
  revokeSession,
  updateConsents,
  updatePreferences,
  updateProfile,
} from "~/features/account/account.server";
import { countryFlag, countryOptions } from "~/features/account/countries";
import { getLocale } from "~/lib/i18n/locales";
import { pageLocale } from "~/lib/i18n/page-locale.server";
import {
  AVATAR_COUNT,
  AccountIntentSchema,
  ConsentsSchema,
  DeleteAccountSchema,
  EmailChangeSchema,
  NotificationPrefsSchema,
  PasswordChangeSchema,
  PreferencesSchema,
  ProfileSchema,
  RevokeSessionSchema,
} from "~/features/account/schemas";
import { NOTIFICATION_KINDS, type NotificationKind } from "~/features/notifications/kinds";
import { setPreferences } from "~/features/notifications/notifications.server";
import { Avatar } from "~/features/shell/avatar-menu";
import { PASSWORD_RECOMMENDED } from "~/features/auth/schemas";
import { replaceSessionUser, requireUser } from "~/lib/auth/session.server";
import { getServices } from "~/lib/context.server";
import { parseForm, useMessage, useFormChecks, type FormFailure } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { LANGUAGES } from "~/lib/i18n/locales";
import { useT } from "~/lib/i18n/react";
import { passThroughHeaders } from "~/lib/route-headers";
import type { FieldErrors } from "~/lib/validation/messages";
import { LocalDateTime } from "~/components/ui/local-time";

export const handle = { dashboard: true, hideNotificationBanner: true };
export const headers = passThroughHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const services = getServices(context);
  const devices = (await listUserSessions(services, user)).map(
    ({ token: _token, ...rest }) => rest,
  );
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    avatar: user.data.avatar,
    marketing: user.marketingNewsletterAcceptedAt !== null,
    app: user.appNewsletterAcceptedAt !== null,
    locale: user.data.locale ?? "en",
    countryCode: user.data.countryCode ?? "",
    notificationsOff: user.data.notificationsOff,
    devices,
    countries: countryOptions(getLocale(pageLocale(request, context)).iso),
  };
}

type Notice = { ok: true; notice: string; values?: Record<string, string> };
type ActionResult = (FormFailure & { intent?: string }) | (Notice & { intent?: string });

function invalid(intent: string, failure: { errors: FieldErrors; values: Record<string, string> }) {
  return data<ActionResult>({ ...failure, intent }, { status: 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const user = requireUser(context, request);
  const services = getServices(context);
  const form = await readForm(request);
  const intent = AccountIntentSchema.safeParse(form.get("intent"));
  if (!intent.success)
    return data<ActionResult>(
      { errors: {}, values: {}, formError: { key: "validation.invalid" } },
      { status: 400 },
    );

  const parseWith = <S extends z.ZodType>(schema: S) => parseForm(form, schema);
  switch (intent.data) {
    case "profile": {
      const parsed = parseWith(ProfileSchema);
      if (!parsed.ok) return invalid("profile", parsed);
      await updateProfile(services, user, parsed.data);
      const { firstName, lastName, avatar } = parsed.data;
      replaceSessionUser(context, { ...user, firstName, lastName, data: { ...user.data, avatar } });
      return { ok: true as const, notice: "account.saved", intent: "profile" };
    }
    case "email": {
      const parsed = parseWith(EmailChangeSchema);
      if (!parsed.ok) return invalid("email", parsed);
      return requestEmailChange(services, request, user, parsed.data);
    }
    case "password": {
      const parsed = parseWith(PasswordChangeSchema);
      if (!parsed.ok) return invalid("password", { ...parsed, values: {} });
      return changePassword(services, request, user, parsed.data);
    }
    case "consents": {
      const parsed = parseWith(ConsentsSchema);
      if (!parsed.ok) return invalid("consents", parsed);
      await updateConsents(services, user, {
        marketing: parsed.data.marketing === "on",
        app: parsed.data.app === "on",
      });
      return { ok: true as const, notice: "account.saved", intent: "consents" };
    }
    case "preferences": {
      const parsed = parseWith(PreferencesSchema);
      if (!parsed.ok) return invalid("preferences", parsed);
      const cookie = await updatePreferences(services, user, {
        locale: parsed.data.locale,
        countryCode: parsed.data.countryCode || null,
      });
      return data<ActionResult>(
        { ok: true, notice: "account.saved", intent: "preferences" },
        cookie ? { headers: { "Set-Cookie": cookie } } : undefined,
      );
    }
    case "notifications": {
      const parsed = parseWith(NotificationPrefsSchema);
      if (!parsed.ok) return invalid("notifications", parsed);
      const wanted = parsed.data as Record<NotificationKind, string | undefined>;
      await setPreferences(
        services,
        user.id,
        NOTIFICATION_KINDS.filter((kind) => wanted[kind] !== "on"),
      );
      return { ok: true as const, notice: "account.saved", intent: "notifications" };
    }
    case "revoke": {
      const parsed = parseWith(RevokeSessionSchema);
      if (!parsed.ok) return invalid("revoke", parsed);
      return revokeSession(services, request, user, parsed.data.sessionId);
    }
    case "delete": {
      const parsed = parseWith(DeleteAccountSchema);
      if (!parsed.ok) return invalid("delete", { ...parsed, values: {} });
      return deleteAccount(services, request, user, parsed.data.password);
    }
  }
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/**
 * A form of the account page (one intent), checked in the browser with the server's schema
 * (useFormChecks); its fields get the errors of this form only, as a render prop.
 */
function AccountForm({
  intent,
  schema,
  result,
  children,
}: {
  intent: string;
  schema: z.ZodType;
  result: ActionResult | undefined;
  children: ReactNode | ((errors: FieldErrors) => ReactNode);
}) {
  const failure = result && "errors" in result && result.intent === intent ? result : undefined;
  const { errors, formProps } = useFormChecks(schema, failure);
  return (
    <Form method="post" {...formProps} preventScrollReset className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {typeof children === "function" ? children(errors) : children}
    </Form>
  );
}

export default function AccountPage() {
  const t = useT();
  const message = useMessage();
  const [params] = useSearchParams();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const valuesFor = (intent: string): Record<string, string> =>
    result && "values" in result && result.intent === intent && !("ok" in result)
      ? (result.values ?? {})
      : {};
  const noticeFor = (intent: string) =>
    result && "ok" in result && result.intent === intent ? t(result.notice, result.values) : null;
  const failureFor = (intent: string) =>
    result &&
    "formError" in result &&
    result.formError &&
    (result.intent === intent || !result.intent)
      ? message(result.formError)
      : null;
  // The picture checked: the one just sent when the form came back, else the saved one (an
  // out-of-range number from older data shows the default checked).
  const sentAvatar = Number(valuesFor("profile").avatar ?? loaded.avatar);
  const chosenAvatar =
    Number.isInteger(sentAvatar) && sentAvatar >= 1 && sentAvatar <= AVATAR_COUNT ? sentAvatar : 1;

  return (
    <>
      <title>{`${t("page.account.title")} · Parley`}</title>
      <PageHeader title={t("page.account.title")} description={t("page.account.description")} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <Section id="profile" title={t("account.profile")}>
            <AccountForm intent="profile" schema={ProfileSchema} result={result}>
              {(errors) => (
                <>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextField
                      label={t("auth.firstName")}
                      name="firstName"
                      defaultValue={valuesFor("profile").firstName ?? loaded.firstName}
                      autoComplete="given-name"
                      error={message(errors.firstName)}
                    />
                    <TextField
                      label={t("auth.lastName")}
                      name="lastName"
                      defaultValue={valuesFor("profile").lastName ?? loaded.lastName}
                      autoComplete="family-name"
                      error={message(errors.lastName)}
                    />
                  </div>
                  <fieldset
                    aria-describedby={message(errors.avatar) ? "account-avatar-error" : undefined}
                  >
                    <legend className="mb-2 text-sm font-medium text-slate-800">
                      {t("account.avatar")}
                    </legend>
                    {/* Native radios: arrows and Tab work, and a plain form post sends the choice. */}
                    <div className="flex flex-wrap gap-2" data-testid="avatar-picker">
                      {Array.from({ length: AVATAR_COUNT }, (_, i) => i + 1).map((n) => (
                        <label
                          key={n}
                          className="cursor-pointer rounded-full p-1 ring-2 ring-transparent hover:ring-slate-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500"
                        >
                          <input
                            type="radio"
                            name="avatar"
                            value={n}
                            defaultChecked={chosenAvatar === n}
                            className="sr-only"
                          />
                          <Avatar
                            profile={{
                              initials:
                                `${loaded.firstName[0] ?? ""}${loaded.lastName[0] ?? ""}`.toUpperCase(),
                              avatar: n,
                              firstName: loaded.firstName,
                            }}
                            className="block"
                          />
                          <span className="sr-only">{t("account.avatarOption", { count: n })}</span>
                        </label>
                      ))}
                    </div>
                    {message(errors.avatar) ? (
                      <p
                        id="account-avatar-error"
                        className="mt-1 text-sm font-medium text-red-700"
                      >
                        {message(errors.avatar)}
                      </p>
                    ) : null}
                  </fieldset>
                  {noticeFor("profile") ? (
                    <Alert tone="success">{noticeFor("profile")}</Alert>
                  ) : null}
                  <Button type="submit" loading={busy("profile")}>
                    {t("account.save")}
                  </Button>
                </>
              )}
            </AccountForm>
          </Section>

          <Section
            id="email"
            title={t("account.email")}
            description={t("account.emailCurrent", { email: loaded.email })}
          >
            {params.get("emailVerified") ? (
              <Alert tone="success" className="mb-4">
                {t("account.emailVerified")}
              </Alert>
            ) : null}
            <AccountForm intent="email" schema={EmailChangeSchema} result={result}>
              {(errors) => (
                <>
                  <TextField
                    label={t("account.newEmail")}
                    name="newEmail"
                    type="email"
                    autoComplete="email"
                    defaultValue={valuesFor("email").newEmail}
                    error={message(errors.newEmail)}
                  />
                  <TextField
                    label={t("account.currentPassword")}
                    name="currentPassword"
                    type="password"
                    autoComplete="current-password"
                    error={message(errors.currentPassword)}
                  />
                  {noticeFor("email") ? <Alert tone="success">{noticeFor("email")}</Alert> : null}
                  {failureFor("email") ? <Alert tone="error">{failureFor("email")}</Alert> : null}
                  <Button type="submit" theme="white" loading={busy("email")}>
                    {t("account.changeEmail")}
                  </Button>
                </>
              )}
            </AccountForm>
          </Section>

          <Section
            id="password"
            title={t("account.password")}
            description={t("account.passwordIntro")}
          >
            <AccountForm intent="password" schema={PasswordChangeSchema} result={result}>
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
                  {noticeFor("password") ? (
                    <Alert tone="success">{noticeFor("password")}</Alert>
                  ) : null}
                  {failureFor("password") ? (
                    <Alert tone="error">{failureFor("password")}</Alert>
                  ) : null}
                  <Button type="submit" theme="white" loading={busy("password")}>
                    {t("account.changePassword")}
                  </Button>
                </>
              )}
            </AccountForm>
          </Section>
        </div>

        <div className="space-y-6">
          <Section id="preferences" title={t("account.preferences")}>
            <AccountForm intent="preferences" schema={PreferencesSchema} result={result}>
              <div>
                <label
                  htmlFor="account-locale"
                  className="mb-1 block text-sm font-medium text-slate-800"
                >
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
              {noticeFor("preferences") ? (
                <Alert tone="success">{noticeFor("preferences")}</Alert>
              ) : null}
              <Button type="submit" loading={busy("preferences")}>
                {t("account.save")}
              </Button>
            </AccountForm>
          </Section>

          <Section id="newsletters" title={t("account.newsletters")}>
            <AccountForm intent="consents" schema={ConsentsSchema} result={result}>
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
              {noticeFor("consents") ? <Alert tone="success">{noticeFor("consents")}</Alert> : null}
              <Button type="submit" theme="white" loading={busy("consents")}>
                {t("account.save")}
              </Button>
            </AccountForm>
          </Section>

          <Section id="notifications" title={t("account.notifications")}>
            <AccountForm intent="notifications" schema={NotificationPrefsSchema} result={result}>
              <p className="text-sm text-slate-600">{t("account.notificationsIntro")}</p>
              {NOTIFICATION_KINDS.map((kind) => (
                <CheckboxField
                  key={kind}
                  name={kind}
                  defaultChecked={!loaded.notificationsOff.includes(kind)}
                  label={t(`notifications.kind.${kind}`)}
                />
              ))}
              {noticeFor("notifications") ? (
                <Alert tone="success">{noticeFor("notifications")}</Alert>
              ) : null}
              <Button type="submit" theme="white" loading={busy("notifications")}>
                {t("account.save")}
              </Button>
            </AccountForm>
          </Section>

          <Section
            id="devices"
            title={t("account.devices")}
            description={t("account.devicesIntro")}
          >
            <ul className="divide-y divide-slate-100">
              {loaded.devices.map((device) => (
                <li
                  key={device.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                >
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
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="sessionId" value={device.id} />
                      <Button
                        type="submit"
                        size="small"
                        theme="white"
                        loading={
                          busy("revoke") && navigation.formData?.get("sessionId") === device.id
                        }
                      >
                        {t("account.signOutDevice")}
                      </Button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          </Section>

          <Section id="data" title={t("account.yourData")} description={t("account.yourDataIntro")}>
            <a href="/dashboard/account/export" download className={buttonClasses("white")}>
              {t("account.download")}
            </a>
          </Section>

          <Section id="delete" title={t("account.delete")} description={t("account.deleteIntro")}>
            {failureFor("delete") ? (
              <Alert tone="error" className="mb-4">
                {failureFor("delete")}
              </Alert>
            ) : null}
            <AccountForm intent="delete" schema={DeleteAccountSchema} result={result}>
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
                  <Button type="submit" theme="danger" loading={busy("delete")}>
                    {t("account.deleteButton")}
                  </Button>
                </>
              )}
            </AccountForm>
          </Section>
        </div>
      </div>
    </>
  );
}
