import { Form, href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useT } from "~/lib/i18n/react";
import type { MessageKey } from "~/lib/i18n/translate";
import type { Audience } from "../newsletter-form";

/** The messages of one kind of consent link (unsubscribe, or confirm a subscription). */
export interface ConsentLinkTexts {
  title: MessageKey;
  ask: Record<Audience, MessageKey>;
  done: Record<Audience, MessageKey>;
  button: MessageKey;
  invalid: MessageKey;
}

/**
 * The page a mailed consent link opens: it names the address and the stream and asks, the
 * button does it (link checkers open links too), then it says what was done.
 */
export function ConsentLinkPage({
  texts,
  target,
  done,
}: {
  texts: ConsentLinkTexts;
  target: { audience: Audience; email: string; subscribed: boolean } | null;
  /** True once the change asked for is in effect (posted, or already so). */
  done: boolean;
}) {
  const t = useT();
  return (
    <>
      <title>{`${t(texts.title)} · Parley`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t(texts.title)}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
        {!target ? (
          <p>{t(texts.invalid)}</p>
        ) : done ? (
          <p role="status">{t(texts.done[target.audience], { email: target.email })}</p>
        ) : (
          <Form method="post" className="grid gap-4">
            <p>{t(texts.ask[target.audience], { email: target.email })}</p>
            <div>
              <Button type="submit">{t(texts.button)}</Button>
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
