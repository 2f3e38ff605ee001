import { cx } from "~/components/ui/cx";
import { useT } from "~/lib/i18n/react";

/** The redeem-code box (name "code"): typed as it is printed, in capitals, never autocorrected. */
export function RedeemCodeField({ wide = false }: { wide?: boolean }) {
  const t = useT();
  return (
    <label className="block text-sm font-medium text-slate-800">
      {t("redeem.label")}
      <input
        name="code"
        required
        maxLength={64}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className={cx(
          "mt-1 block rounded-lg border border-slate-300 px-3 py-2 font-mono uppercase tracking-wider",
          wide ? "w-full" : "w-64",
        )}
      />
    </label>
  );
}
