import { data } from "react-router";
import type { SessionUser } from "~/lib/auth/session.server";
import type { FieldErrors } from "~/lib/validation/messages";
import type { Services } from "~/lib/services.server";
import { listUserSessions } from "./account.server";
import type { AccountAnswer, AccountFormName } from "./components/account-form";
import { countryOptions } from "./countries";

/** What the account page shows: the user's settings and signed-in devices (tokens left out). */
export async function accountPageData(services: Services, user: SessionUser, localeIso: string) {
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
    countries: countryOptions(localeIso),
  };
}

export type AccountPageData = Awaited<ReturnType<typeof accountPageData>>;

/** A form of the account page with mistakes: 400, the errors and what was typed. */
export function accountFormInvalid(
  intent: AccountFormName,
  failure: { errors: FieldErrors; values: Record<string, string> },
) {
  return data<AccountAnswer>({ ...failure, intent }, { status: 400 });
}

/** A form of the account page saved: the "Saved" notice under that form. */
export function accountFormSaved(
  intent: AccountFormName,
  init?: ResponseInit,
  notice: "account.saved" | "account.consentsConfirmSent" = "account.saved",
) {
  return data<AccountAnswer>({ ok: true, notice, intent }, init);
}
