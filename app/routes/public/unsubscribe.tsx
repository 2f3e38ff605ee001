import { Form, href, Link } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Button } from "~/components/ui/button";
import { unsubscribe, unsubscribeTarget } from "~/features/mail/newsletters.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";
import { useT } from "~/lib/i18n/react";

/**
 * The link at the foot of every newsletter, and its List-Unsubscribe header. Opening it
 * (GET) only asks — link checkers open links too; the button, or a mail client's one-click
 * POST (RFC 8058, body "List-Unsubscribe=One-Click"), withdraws the consent. No sign-in: the
 * signed token names the account and the stream.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const target = await unsubscribeTarget(getServices(context), params.token);
  return { target, done: false as const };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  const result = await unsubscribe(getServices(context), params.token);
  if (!result) return { target: null, done: false as const };
  return { target: { ...result, subscribed: false }, done: true as const };
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { target, done } = actionData ?? loaderData;
  return (
    <>
      <title>{`${t("page.unsubscribe.title")} · Parley`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t("page.unsubscribe.title")}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
        {!target ? (
          <p>{t("unsubscribe.invalid")}</p>
        ) : done || !target.subscribed ? (
          <p role="status">
            {t(
              target.audience === "marketing" ? "unsubscribe.doneMarketing" : "unsubscribe.doneApp",
              {
                email: target.email,
              },
            )}
          </p>
        ) : (
          <Form method="post" className="grid gap-4">
            <p>
              {t(
                target.audience === "marketing"
                  ? "unsubscribe.confirmMarketing"
                  : "unsubscribe.confirmApp",
                { email: target.email },
              )}
            </p>
            <div>
              <Button type="submit">{t("unsubscribe.button")}</Button>
            </div>
          </Form>
        )}
        <p className="mt-6 text-sm text-slate-700">
          <Link to={href("/dashboard/account")} className="text-brand-800 underline">
            {t("unsubscribe.account")}
          </Link>
        </p>
      </div>
    </>
  );
}
