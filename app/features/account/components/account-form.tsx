import type { ReactNode } from "react";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { useFormChecks, useMessage, type FormFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { usePageForms } from "~/lib/page-forms";
import type { FieldErrors } from "~/lib/validation/messages";
import type { MessageKey } from "~/lib/i18n/translate";

/**
 * The forms of the account page. Each posts to its own route, /dashboard/account/{name}
 * (one form per route module, issue 20); the answer names the form it belongs to.
 */
export type AccountFormName =
  | "profile"
  | "email"
  | "password"
  | "preferences"
  | "consents"
  | "notifications"
  | "revoke"
  | "delete";

type AccountNotice = { ok: true; notice: MessageKey; values?: Record<string, string> };
export type AccountAnswer = (FormFailure | AccountNotice) & { intent: string };

/** The form's action address, its answer (if it was the last form sent) and whether it is on its way. */
export function useAccountForm(intent: AccountFormName) {
  const { fetcher, answer: latest } = usePageForms<AccountAnswer>("account");
  const action = `/dashboard/account/${intent}`;
  const answer = latest?.intent === intent ? latest : undefined;
  return {
    fetcher,
    action,
    busy: fetcher.state !== "idle" && fetcher.formAction === action,
    notice: answer && "ok" in answer ? answer : undefined,
    failure: answer && "errors" in answer ? answer : undefined,
  };
}

export function Section({
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
 * A form of the account page, checked in the browser with the server's schema
 * (useFormChecks); its fields get the errors of this form only, as a render prop.
 */
export function AccountForm({
  intent,
  schema,
  children,
}: {
  intent: AccountFormName;
  schema: z.ZodType;
  children: ReactNode | ((errors: FieldErrors) => ReactNode);
}) {
  const { fetcher, action, failure } = useAccountForm(intent);
  const { errors, formProps } = useFormChecks(schema, failure);
  return (
    <fetcher.Form method="post" action={action} {...formProps} className="space-y-4">
      {typeof children === "function" ? children(errors) : children}
    </fetcher.Form>
  );
}

/** An account form's answer where the form shows it: what was saved, or why the form failed. */
export function FormAnswer({
  notice,
  failure,
}: {
  notice: AccountNotice | undefined;
  failure?: FormFailure;
}) {
  const t = useT();
  const message = useMessage();
  return (
    <>
      {notice ? <Alert tone="success">{t(notice.notice, notice.values)}</Alert> : null}
      {failure?.formError ? <Alert tone="error">{message(failure.formError)}</Alert> : null}
    </>
  );
}
