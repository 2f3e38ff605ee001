import { data, Form, Link, redirect, useActionData, useLoaderData, href } from "react-router";
import type { Route } from "./+types/join";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/field";
import { signUp } from "~/features/auth/auth.server";
import { CaptchaField } from "~/features/auth/captcha-field";
import { LIMITS } from "~/features/auth/limits";
import { JoinSignUpSchema, PASSWORD_MIN } from "~/features/auth/schemas";
import { classByCode, joinClass } from "~/features/classes/classes.server";
import { hasRole, ROLE } from "~/lib/auth/roles";
import { refuse } from "~/lib/errors";
import { getUser } from "~/lib/auth/session.server";
import { getRequestInfo, getServices } from "~/lib/context.server";
import { parseForm, useMessage, type FormFailure } from "~/lib/forms";
import { readForm, requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";
import { notFound } from "~/lib/not-found";

/**
 * /c/{code}: a class's join link. Students with an account join; new students create a
 * student account right here (role STUDENT, in this class) and land on the class page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const cls = await classByCode(services, params.id);
  if (!cls) notFound(request);
  const user = getUser(context);
  if (user?.classId === cls.id) throw redirect(href("/class/:id", { id: cls.id }));
  return {
    cls: {
      name: cls.name,
      level: cls.level,
      teacher: `${cls.teacherFirstName} ${cls.teacherLastName}`.trim(),
    },
    code: params.id,
    signedIn: user
      ? {
          name: user.firstName,
          student: !hasRole(user.data.role, ROLE.TEACHER) && !hasRole(user.data.role, ROLE.ADMIN),
        }
      : null,
  };
}

/** A refusal or a form's mistakes (the one answer shape), or the sign-up's mail sent. */
type Answer = FormFailure | { sent: true; email: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const services = getServices(context);
  const cls = await classByCode(services, params.id);
  if (!cls) notFound(request);
  const user = getUser(context);
  if (user) {
    const error = await joinClass(services, user, cls.id);
    if (error) return refuse("classJoin", error);
    return redirect(href("/class/:id", { id: cls.id }));
  }
  const form = await readForm(request);
  const parsed = parseForm(form, JoinSignUpSchema);
  if (!parsed.ok) return data<Answer>({ ...parsed }, { status: 400 });
  // The same checks and the same answer as the main sign-up: the student confirms the
  // address from the mailed link before the account opens the class.
  const ip = getRequestInfo(context).clientIp;
  const { firstName, lastName, email, terms } = parsed.data;
  return signUp(
    services,
    request,
    ip,
    parsed.data,
    { firstName, lastName, email, terms },
    { perIp: { key: `join:ip:${ip}`, rule: LIMITS.classJoinsPerIp }, classId: cls.id },
  );
}

export default function JoinPage() {
  const t = useT();
  const message = useMessage();
  const { cls, code, signedIn } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const failure = answer && "errors" in answer ? answer : undefined;
  if (answer && "sent" in answer) {
    return (
      <div className="mx-auto max-w-md space-y-4 px-4 py-12" data-testid="join-sent">
        <title>{`${t("page.join.title")} · Parley`}</title>
        <h1 className="text-2xl font-bold text-ink">{t("auth.signUp.checkEmailTitle")}</h1>
        <p className="text-slate-700">{t("auth.signUp.checkEmail", { email: answer.email })}</p>
        <p className="text-sm text-slate-600">{t("auth.signUp.checkSpam")}</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md space-y-6 px-4 py-12">
      <title>{`${t("page.join.title")} · Parley`}</title>
      <div className="text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {t("classes.join.invited")}
        </p>
        <h1 className="mt-2 text-3xl font-bold text-ink">{cls.name}</h1>
        <p className="mt-2 text-slate-700">{t("classes.join.teacher", { name: cls.teacher })}</p>
      </div>
      {failure?.formError ? <Alert tone="error">{message(failure.formError)}</Alert> : null}
      {signedIn ? (
        signedIn.student ? (
          <Form method="post" className="text-center">
            <Button type="submit" size="large">
              {t("classes.join.join")}
            </Button>
          </Form>
        ) : (
          <Alert tone="info">{t("classes.join.teacherAccount")}</Alert>
        )
      ) : (
        <Form method="post" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
          <p className="text-sm text-slate-700">{t("classes.join.newStudent")}</p>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t("auth.firstName")}
              name="firstName"
              required
              maxLength={60}
              autoComplete="given-name"
              defaultValue={failure?.values.firstName}
              error={message(failure?.errors.firstName)}
            />
            <TextField
              label={t("auth.lastName")}
              name="lastName"
              required
              maxLength={60}
              autoComplete="family-name"
              defaultValue={failure?.values.lastName}
              error={message(failure?.errors.lastName)}
            />
          </div>
          <TextField
            label={t("auth.email")}
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={failure?.values.email}
            error={message(failure?.errors.email)}
          />
          <TextField
            label={t("auth.password")}
            name="password"
            type="password"
            required
            minLength={PASSWORD_MIN}
            autoComplete="new-password"
            error={message(failure?.errors.password)}
          />
          <CheckboxField
            name="terms"
            required
            defaultChecked={failure?.values.terms === "on"}
            error={message(failure?.errors.terms)}
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
                <span className="mt-1 block">{t("classes.join.consentMinor")}</span>
              </>
            }
          />
          <CaptchaField />
          <Button type="submit" className="w-full">
            {t("classes.join.create")}
          </Button>
          <p className="text-center text-sm text-slate-600">
            <Link
              to={`${href("/auth/sign-in")}?redirectTo=${encodeURIComponent(href("/c/:id", { id: code }))}`}
              className="font-medium text-brand-700 underline"
            >
              {t("classes.join.haveAccount")}
            </Link>
          </p>
        </Form>
      )}
    </div>
  );
}
