import { useFetcher, href } from "react-router";
import { cx } from "~/components/ui/cx";
import { StarIcon } from "~/components/ui/icons";
import { useT } from "~/lib/i18n/react";

/**
 * The star on every exercise and material: saved at once in the interface (optimistic), then
 * on the server; a failure puts the star back.
 */
export function FavoriteButton({
  kind = "exercise",
  id,
  favorite,
  title,
  large = false,
}: {
  kind?: "exercise" | "material";
  id: string;
  favorite: boolean;
  title: string;
  large?: boolean;
}) {
  const t = useT();
  const fetcher = useFetcher<{ favorite: boolean }>({ key: `favorite:${kind}:${id}` });
  const pending = fetcher.formData?.get("favorite");
  const on =
    pending !== undefined && pending !== null
      ? pending === "true"
      : (fetcher.data?.favorite ?? favorite);
  return (
    <fetcher.Form method="post" action={href("/api/favorites")} className="inline-flex">
      <input type="hidden" name={kind === "exercise" ? "exerciseId" : "materialId"} value={id} />
      <input type="hidden" name="favorite" value={on ? "false" : "true"} />
      <button
        type="submit"
        aria-pressed={on}
        aria-label={on ? t("library.unfavorite", { title }) : t("library.favorite", { title })}
        title={on ? t("library.unfavoriteShort") : t("library.favoriteShort")}
        className={cx(
          "inline-flex items-center justify-center rounded-full transition-colors hover:bg-amber-50",
          large ? "size-11" : "size-9",
          on ? "text-amber-500" : "text-slate-400 hover:text-amber-500",
        )}
      >
        <StarIcon className={large ? "size-6" : "size-5"} fill={on ? "currentColor" : "none"} />
      </button>
    </fetcher.Form>
  );
}
