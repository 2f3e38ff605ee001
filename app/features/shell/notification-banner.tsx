import { Link } from "react-router";
import type { ProfileView } from "~/features/account/profile.server";
import { useT } from "~/lib/i18n/react";

/**
 * One line across the dashboard for what needs the teacher's attention now: a trial about
 * to end. Hidden on the account page (spec §2.2).
 */
export function NotificationBanner({ profile }: { profile: ProfileView }) {
  const t = useT();
  const trial = profile.trial;
  if (trial && !trial.promotion && trial.daysLeft <= 2 && !profile.isPremiumMember) {
    return (
      <div
        className="bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
        role="status"
        data-testid="notification-banner"
      >
        {t("banner.trialEnding", { count: trial.daysLeft })}{" "}
        <Link to="/dashboard/membership" className="font-semibold underline">
          {t("banner.keepPremium")}
        </Link>
      </div>
    );
  }
  return null;
}
