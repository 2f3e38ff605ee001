import { redirect } from "react-router";
import { isAdmin, requireUser } from "~/lib/auth/session.server";
import type { Route } from "./+types/audio";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  // The audio library is shown to admins only for now (spec §2.5).
  if (!isAdmin(user)) throw redirect("/dashboard");
  return null;
}

export default function AudioPage() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.audio.title")} · Parley`}</title>
      <PageHeader title={t("page.audio.title")} description={t("page.audio.description")} />
      <EmptyState title={t("page.audio.emptyTitle")}>{t("page.audio.empty")}</EmptyState>
    </>
  );
}
