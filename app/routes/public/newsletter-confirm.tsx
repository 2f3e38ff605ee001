import type { Route } from "./+types/newsletter-confirm";
import { ConsentLinkPage } from "~/features/mail/components/consent-link-page";
import { confirmConsent, consentTarget } from "~/features/mail/newsletters.server";
import { getServices } from "~/lib/context.server";
import { requireMethod } from "~/lib/http.server";

/**
 * The link of the confirmation mail sent when a teacher ticks a newsletter on the account
 * page (double opt-in). Opening it only asks; the button starts the consent. No sign-in: the
 * signed, dated token (7 days) names the account and the stream.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { target: await consentTarget(getServices(context), params.token), posted: false };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireMethod(request, "POST");
  return { target: await confirmConsent(getServices(context), params.token), posted: true };
}

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { target, posted } = actionData ?? loaderData;
  return (
    <ConsentLinkPage
      target={target}
      done={posted || (target?.subscribed ?? false)}
      texts={{
        title: "page.newsletterConfirm.title",
        ask: { marketing: "newsletterConfirm.askMarketing", app: "newsletterConfirm.askApp" },
        done: { marketing: "newsletterConfirm.doneMarketing", app: "newsletterConfirm.doneApp" },
        button: "newsletterConfirm.button",
        invalid: "newsletterConfirm.invalid",
      }}
    />
  );
}
