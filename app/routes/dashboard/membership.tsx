import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/membership";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function MembershipPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.membership.title")} · Parley`}</title>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <PageHeader
          title={t("page.membership.title")}
          description={t("page.membership.description")}
        />
        <EmptyState title={t("page.membership.emptyTitle")}>
          {t("page.membership.empty")}
        </EmptyState>
      </div>
    </>
  );
}
