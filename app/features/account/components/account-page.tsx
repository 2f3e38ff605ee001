import { PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";
import type { AccountPageData } from "../account-page.server";
import { PostedAnswer } from "~/lib/page-forms";
import type { AccountAnswer } from "./account-form";
import { DataSection, DeleteSection, DevicesSection } from "./devices-sections";
import { ProfileSection } from "./profile-section";
import { NewslettersSection, NotificationsSection, PreferencesSection } from "./settings-sections";
import { EmailSection, PasswordSection } from "./sign-in-sections";

/**
 * The account page (spec §3): every form in its section. `posted` is the answer of a form
 * sent without JavaScript, which the form's own route renders this page with.
 */
export function AccountPage({
  loaded,
  posted,
}: {
  loaded: AccountPageData;
  posted?: AccountAnswer;
}) {
  const t = useT();
  return (
    <PostedAnswer value={posted}>
      <title>{`${t("page.account.title")} · Parley`}</title>
      <PageHeader title={t("page.account.title")} description={t("page.account.description")} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <ProfileSection loaded={loaded} />
          <EmailSection email={loaded.email} />
          <PasswordSection />
        </div>
        <div className="space-y-6">
          <PreferencesSection loaded={loaded} />
          <NewslettersSection loaded={loaded} />
          <NotificationsSection loaded={loaded} />
          <DevicesSection devices={loaded.devices} />
          <DataSection />
          <DeleteSection />
        </div>
      </div>
    </PostedAnswer>
  );
}
