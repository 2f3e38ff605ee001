import { Form, Link, useActionData, useNavigation, href } from "react-router";
import type { Route } from "./+types/recovery-token";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { resetPassword } from "~/features/auth/auth.server";
import { AuthCard } from "~/features/auth/auth-card";
import { PASSWORD_RECOMMENDED, ResetPasswordSchema } from "~/features/auth/schemas";
import { getServices } from "~/lib/context.server";
import { formFailure, parseForm, useMessage, useFormChecks, type FormFailure } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

export { passThroughHeaders as headers } from "~/lib/route-headers";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password · Parley" },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return null;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const parsed = parseForm(await readForm(request), ResetPasswordSchema);
  if (!parsed.ok) return formFailure({ errors: parsed.errors, values: {} });
  return resetPassword(getServices(context), params.token, parsed.data);
}

export default function ResetPassword() {
  const t = useT();
  const message = useMessage();
  const actionData = useActionData<FormFailure>();
  const navigation = useNavigation();
  const { errors, formProps } = useFormChecks(ResetPasswordSchema, actionData);
  return (
    <AuthCard title={t("auth.reset.title")} subtitle={t("auth.reset.intro")}>
      {actionData?.formError ? (
        <Alert tone="error" className="mb-6">
          {message(actionData.formError)}{" "}
          <Link to={href("/auth/recovery")} className="font-semibold underline">
            {t("auth.reset.newLink")}
          </Link>
        </Alert>
      ) : null}
      <Form method="post" {...formProps} className="space-y-5">
        <TextField
          label={t("auth.newPassword")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={t("auth.passwordHint", { count: PASSWORD_RECOMMENDED })}
          error={message(errors.password)}
        />
        <TextField
          label={t("auth.confirmPassword")}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={message(errors.confirmPassword)}
        />
        <Button type="submit" size="large" className="w-full" loading={navigation.state !== "idle"}>
          {t("auth.reset.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}
