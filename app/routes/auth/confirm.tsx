import { Form, redirect, useActionData, useNavigation, useSearchParams, href } from "react-router";
import type { Route } from "./+types/confirm";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { completeOAuth, resendVerification } from "~/features/auth/auth.server";
import { AuthCard } from "~/features/auth/auth-card";
import { ResendVerificationSchema } from "~/features/auth/schemas";
import { getUser } from "~/lib/auth/session.server";
import { getRequestInfo, getServices } from "~/lib/context.server";
import { formFailure, parseForm, useMessage, useFormChecks, type FormFailure } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { cookieValue, oauthTargetCookie } from "~/lib/routing/cookies";
import { REDIRECT_PARAM } from "~/lib/routing/guards";
import { safeRedirectTarget } from "~/lib/routing/redirect";

export { passThroughHeaders as headers } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [
  { title: "Signing you in · Parley" },
  { name: "robots", content: "noindex" },
];

/**
 * Completes a sign-in that arrives with a code (the OAuth PKCE callback) or a token (an
 * email link) and continues to the original target. Without either it leads to sign-in,
 * keeping the target; `?resend` offers a new verification mail.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const url = new URL(request.url);
  const params = url.searchParams;
  if (params.get("code") && params.get("state")) {
    const target = safeRedirectTarget(
      (await cookieValue(oauthTargetCookie, request.headers.get("cookie"))) ??
        params.get(REDIRECT_PARAM),
    );
    return completeOAuth(services, request, target);
  }
  const token = params.get("token");
  if (token) throw redirect(href("/auth/verify/:token", { token: encodeURIComponent(token) }));
  if (getUser(context)) throw redirect(safeRedirectTarget(params.get(REDIRECT_PARAM)));
  if (params.get("resend") !== null) return null;
  const next = new URLSearchParams(url.search);
  throw redirect(`${href("/auth/sign-in")}?${next.toString()}`);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const parsed = parseForm(await readForm(request), ResendVerificationSchema);
  if (!parsed.ok) return formFailure({ errors: parsed.errors, values: parsed.values });
  return resendVerification(
    getServices(context),
    request,
    getRequestInfo(context).clientIp,
    parsed.data.email,
  );
}

export default function Confirm() {
  const t = useT();
  const message = useMessage();
  const [params] = useSearchParams();
  const actionData = useActionData<FormFailure | { resent: true; email: string }>();
  const navigation = useNavigation();
  const { errors, formProps } = useFormChecks(
    ResendVerificationSchema,
    actionData && "errors" in actionData ? actionData : undefined,
  );
  if (actionData && "resent" in actionData) {
    return (
      <AuthCard title={t("auth.signUp.checkEmailTitle")}>
        <p className="text-slate-700">{t("auth.confirm.resent", { email: actionData.email })}</p>
      </AuthCard>
    );
  }
  const failure = actionData as FormFailure | undefined;
  return (
    <AuthCard title={t("auth.confirm.title")} subtitle={t("auth.confirm.intro")}>
      {failure?.formError ? (
        <Alert tone="error" className="mb-6">
          {message(failure.formError)}
        </Alert>
      ) : null}
      <Form method="post" {...formProps} className="space-y-5">
        <TextField
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.values.email ?? params.get("email") ?? ""}
          error={message(errors.email)}
        />
        <Button type="submit" size="large" className="w-full" loading={navigation.state !== "idle"}>
          {t("auth.confirm.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}
