import type { Route } from "./+types/unsubscribe";
import { ConsentLinkPage } from "~/features/mail/components/consent-link-page";
import { unsubscribe, unsubscribeTarget } from "~/features/mail/newsletters.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";

/**
 * The link at the foot of every newsletter, and its List-Unsubscribe header. Opening it
 * (GET) only asks; the button, or a mail client's one-click POST (RFC 8058, body
 * "List-Unsubscribe=One-Click", no cookie), withdraws the consent. No sign-in: the signed
 * token names the account and the stream.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { target: await unsubscribeTarget(getServices(context), params.token), posted: false };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  return { target: await unsubscribe(getServices(context), params.token), posted: true };
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { target, posted } = actionData ?? loaderData;
  return (
    <ConsentLinkPage
      target={target}
      done={posted || (target !== null && !target.subscribed)}
      texts={{
        title: "page.unsubscribe.title",
        ask: { marketing: "unsubscribe.confirmMarketing", app: "unsubscribe.confirmApp" },
        done: { marketing: "unsubscribe.doneMarketing", app: "unsubscribe.doneApp" },
        button: "unsubscribe.button",
        invalid: "unsubscribe.invalid",
      }}
    />
  );
}
