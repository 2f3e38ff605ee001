import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Avatar } from "~/features/account/components/avatar";
import { useMessage } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import type { AccountPageData } from "../account-page.server";
import { AVATAR_COUNT, ProfileSchema } from "../schemas";
import { AccountForm, FormAnswer, Section, useAccountForm } from "./account-form";

/** Names and picture (spec §3). */
export function ProfileSection({ loaded }: { loaded: AccountPageData }) {
  const t = useT();
  const message = useMessage();
  const { busy, notice, failure } = useAccountForm("profile");
  const sent = failure?.values ?? {};
  // The picture checked: the one just sent when the form came back, else the saved one (an
  // out-of-range number from older data shows the default checked).
  const sentAvatar = Number(sent.avatar ?? loaded.avatar);
  const chosenAvatar =
    Number.isInteger(sentAvatar) && sentAvatar >= 1 && sentAvatar <= AVATAR_COUNT ? sentAvatar : 1;
  const initials = `${loaded.firstName[0] ?? ""}${loaded.lastName[0] ?? ""}`.toUpperCase();

  return (
    <Section id="profile" title={t("account.profile")}>
      <AccountForm intent="profile" schema={ProfileSchema}>
        {(errors) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t("auth.firstName")}
                name="firstName"
                defaultValue={sent.firstName ?? loaded.firstName}
                autoComplete="given-name"
                error={message(errors.firstName)}
              />
              <TextField
                label={t("auth.lastName")}
                name="lastName"
                defaultValue={sent.lastName ?? loaded.lastName}
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
                      profile={{ initials, avatar: n, firstName: loaded.firstName }}
                      className="block"
                    />
                    <span className="sr-only">{t("account.avatarOption", { count: n })}</span>
                  </label>
                ))}
              </div>
              {message(errors.avatar) ? (
                <p id="account-avatar-error" className="mt-1 text-sm font-medium text-red-700">
                  {message(errors.avatar)}
                </p>
              ) : null}
            </fieldset>
            <FormAnswer notice={notice} />
            <Button type="submit" loading={busy}>
              {t("account.save")}
            </Button>
          </>
        )}
      </AccountForm>
    </Section>
  );
}
