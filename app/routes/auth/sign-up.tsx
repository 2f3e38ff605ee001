import { Form, Link, useActionData, useNavigation, href } from "react-router";
import type { Route } from "./+types/sign-up";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/field";
import { signUp } from "~/features/auth/auth.server";
import { AuthCard } from "~/features/auth/auth-card";
import { CaptchaField } from "~/features/auth/captcha-field";
import { PASSWORD_RECOMMENDED, SignUpSchema } from "~/features/auth/schemas";
import { useRootData } from "~/features/site/root-data";
import { getRequestInfo, getServices } from "~/lib/context.server";
import { formFailure, parseForm, useMessage, useFormChecks, type FormFailure } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

export { passThroughHeaders as headers } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [
  { title: "Create your account · Parley" },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const services = getServices(context);
  const formData = await readForm(request);
  const parsed = parseForm(formData, SignUpSchema);
  if (!parsed.ok) return formFailure({ errors: parsed.errors, values: parsed.values });
  const { password: _password, captcha: _captcha, ...kept } = parsed.data;
  const values = Object.fromEntries(Object.entries(kept).map(([k, v]) => [k, String(v ?? "")]));
  return signUp(services, request, getRequestInfo(context).clientIp, parsed.data, values);
}

type ActionData = FormFailure | { sent: true; email: string };

export default function SignUp() {
  const t = useT();
  const message = useMessage();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const env = useRootData()?.env;
  const { errors, formProps } = useFormChecks(
    SignUpSchema,
    actionData && "errors" in actionData ? actionData : undefined,
  );

  if (actionData && "sent" in actionData) {
    return (
      <AuthCard title={t("auth.signUp.checkEmailTitle")}>
        <div className="space-y-4 text-slate-700" data-testid="sign-up-sent">
          <p>{t("auth.signUp.checkEmail", { email: actionData.email })}</p>
          <p className="text-sm">{t("auth.signUp.checkSpam")}</p>
          <Link
            to={href("/auth/sign-in")}
            className="inline-block font-semibold text-brand-700 hover:underline"
          >
            {t("auth.signUp.toSignIn")}
          </Link>
        </div>
      </AuthCard>
    );
  }

  const failure = actionData as FormFailure | undefined;
  const values = failure?.values ?? {};
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/auth/sign-up");

  return (
    <AuthCard
      title={t("auth.signUp.title")}
      subtitle={
        <>
          {t("auth.signUp.haveAccount")}{" "}
          <Link to={href("/auth/sign-in")} className="font-semibold text-brand-700 hover:underline">
            {t("auth.signUp.signIn")}
          </Link>
        </>
      }
    >
      {failure?.formError ? (
        <Alert tone="error" className="mb-6">
          {message(failure.formError)}
        </Alert>
      ) : null}
      <Form method="post" {...formProps} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("auth.firstName")}
            name="firstName"
            autoComplete="given-name"
            required
            defaultValue={values.firstName}
            error={message(errors.firstName)}
          />
          <TextField
            label={t("auth.lastName")}
            name="lastName"
            autoComplete="family-name"
            required
            defaultValue={values.lastName}
            error={message(errors.lastName)}
          />
        </div>
        <TextField
          label={t("auth.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={message(errors.email)}
        />
        <TextField
          label={t("auth.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={t("auth.passwordHint", { count: PASSWORD_RECOMMENDED })}
          error={message(errors.password)}
        />
        <CheckboxField
          name="terms"
          required
          defaultChecked={values.terms === "on"}
          error={message(errors.terms)}
          label={
            <>
              {t("auth.signUp.acceptTermsBefore")}{" "}
              <Link
                to={href("/legal/:slug", { slug: "terms" })}
                target="_blank"
                className="font-medium text-brand-700 underline"
              >
                {t("legal.terms")}
              </Link>{" "}
              {t("auth.signUp.acceptTermsAnd")}{" "}
              <Link
                to={href("/legal/:slug", { slug: "privacy" })}
                target="_blank"
                className="font-medium text-brand-700 underline"
              >
                {t("legal.privacy")}
              </Link>
            </>
          }
        />
        <CheckboxField
          name="appNewsletter"
          defaultChecked={values.appNewsletter === "on"}
          label={t("auth.signUp.appNewsletter")}
        />
        <CheckboxField
          name="marketingNewsletter"
          defaultChecked={values.marketingNewsletter === "on"}
          label={t("auth.signUp.marketingNewsletter")}
        />
        <CaptchaField action="signup" />
        <Button type="submit" size="large" className="w-full" loading={busy}>
          {t("auth.signUp.submit")}
        </Button>
      </Form>
      {env?.googleSignIn ? (
        <Form method="post" action={href("/auth/sign-in")} className="mt-4">
          <input type="hidden" name="intent" value="google" />
          <Button type="submit" theme="white" size="large" className="w-full">
            {t("auth.continueWithGoogle")}
          </Button>
          <p className="mt-2 text-center text-xs text-slate-600">{t("auth.googleTerms")}</p>
        </Form>
      ) : null}
    </AuthCard>
  );
}
