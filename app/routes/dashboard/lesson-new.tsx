import { redirect } from "react-router";
import type { Route } from "./+types/lesson-new";
import { EmptyState, PageHeader } from "~/components/ui/page-header";
import { requireUser } from "~/lib/auth/session.server";
import { useT } from "~/lib/i18n/react";

export const handle = { dashboard: true };

/** Spec §2.3: a lesson is planned for a student; without studentId this goes to the roster. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  const studentId = new URL(request.url).searchParams.get("studentId");
  if (!studentId) throw redirect("/dashboard/students");
  return { studentId };
}

export default function NewLesson() {
  const t = useT();
  return (
    <>
      <title>{`${t("page.lessonNew.title")} · Parley`}</title>
      <PageHeader title={t("page.lessonNew.title")} />
      <EmptyState title={t("page.lessons.emptyTitle")}>{t("page.lessons.empty")}</EmptyState>
    </>
  );
}
