import { Form, Link, href } from "react-router";
import { formatDate } from "~/lib/format";
import type { ProfileView } from "~/features/account/profile.server";
import { useLocale, useT } from "~/lib/i18n/react";
import { useRootData } from "~/features/site/root-data";

/**
 * One line across the dashboard for what needs the teacher's attention now: a promotion to
 * claim, or a trial about to end. Hidden on the account page (spec §2.2).
 */
export function NotificationBanner({ profile }: { profile: ProfileView }) {
  const t = useT();
  const locale = useLocale();
  const offer = useRootData()?.promotionOffer;
  const trial = profile.trial;
  if (offer) {
    return (
      <div
        className="bg-brand-50 px-4 py-2 text-center text-sm text-brand-900"
        role="status"
        data-testid="promotion-banner"
      >
        <Form
          method="post"
          action={href("/dashboard/membership/claim-promotion")}
          className="inline"
        >
          {t("promotion.offer", { date: formatDate(offer.until, locale.iso, "UTC") })}{" "}
          <button type="submit" className="font-semibold underline">
            {t("promotion.claim")}
          </button>
        </Form>
      </div>
    );
  }
  if (trial && !trial.promotion && trial.daysLeft <= 2 && !profile.isPremiumMember) {
    return (
      <div
        className="bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
        role="status"
        data-testid="notification-banner"
      >
        {t("banner.trialEnding", { count: trial.daysLeft })}{" "}
        <Link to={href("/dashboard/membership")} className="font-semibold underline">
          {t("banner.keepPremium")}
        </Link>
      </div>
    );
  }
  return null;
}
