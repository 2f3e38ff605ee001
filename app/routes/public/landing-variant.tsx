import { data } from "react-router";
import type { Route } from "./+types/landing-variant";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request }: Route.LoaderArgs) {
  throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function LandingVariantPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.landingVariant.title")} · Parley`}</title>
      <PageHeader
        title={t("page.landingVariant.title")}
        description={t("page.landingVariant.description")}
      />
      <EmptyState title={t("page.landingVariant.emptyTitle")}>
        {t("page.landingVariant.empty")}
      </EmptyState>
    </>
  );
}
