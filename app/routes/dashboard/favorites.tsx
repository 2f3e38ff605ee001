import { requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/favorites";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function FavoritesPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.favorites.title")} · Parley`}</title>
      <PageHeader title={t("page.favorites.title")} description={t("page.favorites.description")} />
      <EmptyState title={t("page.favorites.emptyTitle")}>{t("page.favorites.empty")}</EmptyState>
    </>
  );
}
