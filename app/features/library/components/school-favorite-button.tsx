import { useFetcher, useLocation, href } from "react-router";
import { cx } from "~/components/ui/cx";
import { SchoolIcon } from "~/components/ui/icons";
import { useProfile } from "~/features/site";
import { useT } from "~/lib/i18n/react";

/**
 * "Add to school favorites" on an exercise, for teachers in a school only (nothing at all for
 * others). Shown at once in the interface, then saved; a failure puts it back. Without
 * JavaScript the form posts and the server sends the browser back to this page.
 */
export function SchoolFavoriteButton({
  exerciseId,
  schoolFavorite,
  title,
  labelled = false,
}: {
  exerciseId: string;
  /** null: the viewer is in no school. */
  schoolFavorite: boolean | null;
  title: string;
  /** A button with its text (the exercise page) instead of an icon (cards). */
  labelled?: boolean;
}) {
  const t = useT();
  const location = useLocation();
  const schoolId = useProfile()?.organization?.id;
  const fetcher = useFetcher<{ schoolFavorite: boolean }>({
    key: `school-favorite:${exerciseId}`,
  });
  if (schoolFavorite === null || !schoolId) return null;
  const pending = fetcher.formData?.get("favorite");
  const on =
    pending !== undefined && pending !== null
      ? pending === "true"
      : (fetcher.data?.schoolFavorite ?? schoolFavorite);
  return (
    <fetcher.Form method="post" action={href("/api/school-favorites")} className="inline-flex">
      <input type="hidden" name="schoolId" value={schoolId} />
      <input type="hidden" name="exerciseId" value={exerciseId} />
      <input type="hidden" name="favorite" value={on ? "false" : "true"} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {labelled ? (
        <button
          type="submit"
          className={cx(
            "inline-flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm font-medium transition-colors",
            on
              ? "border-brand-200 bg-brand-50 text-brand-800 hover:bg-brand-100"
              : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
          )}
        >
          <SchoolIcon className="size-5" />
          {on ? t("schoolFavorites.remove") : t("schoolFavorites.add")}
        </button>
      ) : (
        <button
          type="submit"
          aria-pressed={on}
          aria-label={
            on
              ? t("schoolFavorites.removeTitle", { title })
              : t("schoolFavorites.addTitle", { title })
          }
          title={on ? t("schoolFavorites.remove") : t("schoolFavorites.add")}
          className={cx(
            "inline-flex size-9 items-center justify-center rounded-full transition-colors",
            on
              ? "bg-brand-50 text-brand-700 hover:bg-brand-100"
              : "text-slate-400 hover:bg-brand-50 hover:text-brand-700",
          )}
        >
          <SchoolIcon className="size-5" />
        </button>
      )}
    </fetcher.Form>
  );
}
