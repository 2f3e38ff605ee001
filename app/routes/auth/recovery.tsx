import { Form, Link, useActionData, useNavigation, href } from "react-router";
import type { Route } from "./+types/recovery";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { requestRecovery } from "~/features/auth/auth.server";
import { AuthCard } from "~/features/auth/auth-card";
import { RecoverySchema } from "~/features/auth/schemas";
import { getRequestInfo, getServices } from "~/lib/context.server";
import { formFailure, parseForm, useMessage, useFormChecks, type FormFailure } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

export { passThroughHeaders as headers } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [
  { title: "Reset your password · Parley" },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const parsed = parseForm(await readForm(request), RecoverySchema);
  if (!parsed.ok) return formFailure({ errors: parsed.errors, values: parsed.values });
  return requestRecovery(
    getServices(context),
    request,
    getRequestInfo(context).clientIp,
    parsed.data.email,
  );
}

export default function Recovery() {
  const t = useT();
  const message = useMessage();
  const actionData = useActionData<FormFailure | { sent: true; email: string }>();
  const navigation = useNavigation();
  const { errors, formProps } = useFormChecks(
    RecoverySchema,
    actionData && "errors" in actionData ? actionData : undefined,
  );
  if (actionData && "sent" in actionData) {
    return (
      <AuthCard title={t("auth.recovery.sentTitle")}>
        <p className="text-slate-700" data-testid="recovery-sent">
          {t("auth.recovery.sent", { email: actionData.email })}
        </p>
        <Link
          to={href("/auth/sign-in")}
          className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
        >
          {t("auth.signUp.toSignIn")}
        </Link>
      </AuthCard>
    );
  }
  const failure = actionData as FormFailure | undefined;
  return (
    <AuthCard title={t("auth.recovery.title")} subtitle={t("auth.recovery.intro")}>
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
          defaultValue={failure?.values.email}
          error={message(errors.email)}
        />
        <Button type="submit" size="large" className="w-full" loading={navigation.state !== "idle"}>
          {t("auth.recovery.submit")}
        </Button>
      </Form>
      <Link
        to={href("/auth/sign-in")}
        className="mt-6 inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        {t("auth.backToSignIn")}
      </Link>
    </AuthCard>
  );
}
