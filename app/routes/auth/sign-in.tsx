import { Form, Link, useActionData, useNavigation, useSearchParams, href } from "react-router";
import type { Route } from "./+types/sign-in";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { signIn, startGoogleSignIn, type SignInFailure } from "~/features/auth/auth.server";
import { CaptchaField } from "~/features/auth/captcha-field";
import { AuthCard } from "~/features/auth/auth-card";
import { SignInSchema } from "~/features/auth/schemas";
import { useRootData } from "~/features/site/root-data";
import { getRequestInfo, getServices } from "~/lib/context.server";
import { formFailure, parseForm, useFormChecks, useMessage } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

export { passThroughHeaders as headers } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in · Parley" },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const services = getServices(context);
  const { clientIp } = getRequestInfo(context);
  const formData = await readForm(request);
  if (formData.get("intent") === "google" && services.env.GOOGLE_CLIENT_ID) {
    return startGoogleSignIn(services, request, String(formData.get("redirectTo") ?? ""));
  }
  const parsed = parseForm(formData, SignInSchema);
  if (!parsed.ok) return formFailure({ errors: parsed.errors, values: parsed.values });
  return signIn(services, request, clientIp, parsed.data, { email: parsed.data.email });
}

export default function SignIn() {
  const t = useT();
  const message = useMessage();
  const actionData = useActionData<SignInFailure>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const env = useRootData()?.env;
  const { errors, formProps } = useFormChecks(SignInSchema, actionData);
  const redirectTo = params.get("redirectTo") ?? "";
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/auth/sign-in");

  return (
    <AuthCard
      title={t("auth.signIn.title")}
      subtitle={
        <>
          {t("auth.signIn.noAccount")}{" "}
          <Link to={href("/auth/sign-up")} className="font-semibold text-brand-700 hover:underline">
            {t("auth.signIn.createAccount")}
          </Link>
        </>
      }
    >
      {params.get("accountDeleted") ? (
        <Alert tone="success" className="mb-6">
          {t("auth.accountDeleted")}
        </Alert>
      ) : null}
      {params.get("signedOut") ? (
        <Alert tone="success" className="mb-6">
          {t("auth.signedOut")}
        </Alert>
      ) : null}
      {params.get("reset") ? (
        <Alert tone="success" className="mb-6">
          {t("auth.passwordReset")}
        </Alert>
      ) : null}
      {params.get("oauthError") ? (
        <Alert tone="error" className="mb-6">
          {t("auth.oauthError")}
        </Alert>
      ) : null}
      {actionData?.formError ? (
        <Alert tone="error" className="mb-6">
          {message(actionData.formError)}
          {actionData.formError.key === "auth.emailNotVerified" ? (
            <>
              {" "}
              <Link
                to={`${href("/auth/confirm")}?resend=1&email=${encodeURIComponent(actionData.values.email ?? "")}`}
                className="font-semibold underline"
              >
                {t("auth.resendVerification")}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <Form method="post" {...formProps} className="space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values.email}
          error={message(errors.email)}
        />
        <TextField
          label={t("auth.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={message(errors.password)}
        />
        {actionData?.captchaRequired ? <CaptchaField action="signin" /> : null}
        <div className="flex justify-end">
          <Link
            to={href("/auth/recovery")}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            {t("auth.forgotPassword")}
          </Link>
        </div>
        <Button type="submit" size="large" className="w-full" loading={busy}>
          {t("auth.signIn.submit")}
        </Button>
      </Form>
      {env?.googleSignIn ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="google" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Button type="submit" theme="white" size="large" className="w-full">
            {t("auth.continueWithGoogle")}
          </Button>
        </Form>
      ) : null}
    </AuthCard>
  );
}
