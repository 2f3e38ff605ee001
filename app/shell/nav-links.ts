import { useT } from "~/lib/i18n/react";

/**
 * Students, Lessons and Classes (issue 21): not in spec §2.5's list, added to the top bar,
 * the phone menu and the avatar menu so planning is never only reachable from the dashboard
 * body. Classes live in a section of the students page.
 */
export function useTeachingLinks(): { to: string; label: string }[] {
  const t = useT();
  return [
    { to: "/dashboard/students", label: t("nav.students") },
    { to: "/dashboard/lessons", label: t("nav.lessons") },
    { to: "/dashboard/students#classes", label: t("nav.classes") },
  ];
}
