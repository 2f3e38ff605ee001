import { createContext, useContext, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { useFormChecks, type FormFailure } from "~/lib/forms";
import type { FieldErrors } from "~/lib/validation/messages";

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

export type AccountNotice = { ok: true; notice: string; values?: Record<string, string> };
export type AccountAnswer = (FormFailure | AccountNotice) & { intent: string };

/**
 * All the page's forms share one fetcher, so a form sent replaces the answer of the one
 * sent before, as one page action did: one answer on the page at a time.
 */
const ACCOUNT_FETCHER = "account-form";

/** The answer the server rendered the page with: a form posted without JavaScript. */
export const PostedAnswer = createContext<AccountAnswer | undefined>(undefined);

/** The form's action address, its latest answer (if it was the last form sent) and whether it is on its way. */
export function useAccountForm(intent: AccountFormName) {
  const fetcher = useFetcher<AccountAnswer>({ key: ACCOUNT_FETCHER });
  const posted = useContext(PostedAnswer);
  const action = `/dashboard/account/${intent}`;
  const latest = fetcher.data ?? posted;
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
