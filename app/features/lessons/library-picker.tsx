import type { ReactNode } from "react";
import { Form, Link, useNavigation, type FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { CheckIcon } from "~/components/ui/icons";
import { IntentButton } from "~/components/ui/intent-button";
import { LocalDateTime } from "~/components/ui/local-time";
import { LevelBadge } from "~/features/library";
import { LevelSelect } from "~/features/library";
import { useT } from "~/lib/i18n/react";
import type { PickerData } from "./picker.server";
import { dataKey } from "~/lib/i18n/translate";

/**
 * The library picker (data from `runPicker`): a search by words and level, "only what was not
 * used yet" ticked by default, and one button per result that posts `intent` with the
 * result's id (as exerciseId or materialId) to the page's action, or to `action` through the
 * page's `fetcher` when the page's forms have routes of their own. The lesson planner adds to
 * the plan with it; the class page shares with the class.
 */
export function LibraryPicker({
  picker,
  title,
  freshLabel,
  usedLabel,
  intent,
  action,
  fetcher,
  actionLabel,
  notice,
  chosen,
  chosenLabel,
}: {
  picker: PickerData;
  /** The section's heading (its accessible name). */
  title: string;
  /** The "only not used yet" checkbox. */
  freshLabel: string;
  /** Before the date a result was used ("used on", "shared on"). */
  usedLabel: string;
  intent: string;
  /** Where the result's button posts (else the page's action), and through which fetcher. */
  action?: string;
  fetcher?: FetcherWithComponents<unknown>;
  /** The button of each result (the result's title completes it for screen readers). */
  actionLabel: string;
  /** What became of the last click (shown under the heading). */
  notice?: ReactNode;
  /** Results already chosen (in the lesson, shared with the class): marked, no button. */
  chosen?: ReadonlySet<string>;
  /** The mark of a chosen result ("In this lesson"). */
  chosenLabel?: string;
}) {
  const t = useT();
  const navigation = useNavigation();
  const field = picker.kind === "exercise" ? "exerciseId" : "materialId";
  return (
    <section
      aria-labelledby="picker"
      className="rounded-2xl border border-brand-200 bg-white p-5 print:hidden"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="picker" className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <Link to="?" className="text-sm font-medium text-brand-700 underline">
          {t("lessons.closePicker")}
        </Link>
      </div>
      {notice ? <div className="mt-3">{notice}</div> : null}
      <Form method="get" role="search" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="pick" value={picker.kind} />
        <TextField
          label={t("lessons.pickSearch")}
          name="q"
          type="search"
          defaultValue={picker.q}
          maxLength={200}
        />
        <LevelSelect
          label={t("students.level")}
          emptyLabel={t("lessons.anyLevel")}
          defaultValue={picker.level}
        />
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-800">
          <input type="hidden" name="fresh" value="0" />
          <input
            type="checkbox"
            name="fresh"
            value="1"
            defaultChecked={picker.fresh}
            className="size-4"
          />
          {freshLabel}
        </label>
        <Button type="submit" theme="white" loading={navigation.state === "loading"}>
          {t("lessons.pickSearchButton")}
        </Button>
      </Form>
      {picker.results.length === 0 ? (
        <p className="mt-4 text-slate-600">{t("lessons.pickNone")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label={t("lessons.pickResults")}>
          {picker.results.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <LevelBadge level={r.level} />
                <span className="font-medium text-ink" lang="en" dir="ltr">
                  {r.title}
                </span>
                {r.usedAt ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    {usedLabel} <LocalDateTime value={r.usedAt} />
                  </span>
                ) : null}
                <span className="text-sm text-slate-600">
                  {t(
                    dataKey(
                      picker.kind === "exercise"
                        ? `library.type.${r.type}`
                        : `materials.typeName.${r.type}`,
                    ),
                  )}
                  {" · "}
                  {t("library.minutes", { count: r.minutes })}
                </span>
                {r.locked ? (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {t("library.badge.premium")}
                  </span>
                ) : null}
              </span>
              {chosen?.has(r.id) ? (
                <span
                  className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-1 text-sm font-semibold text-emerald-900"
                  data-testid="picker-chosen"
                >
                  <CheckIcon className="size-4" aria-hidden="true" />
                  {chosenLabel}
                </span>
              ) : (
                <IntentButton
                  intent={intent}
                  action={action}
                  fetcher={fetcher}
                  fields={{ [field]: r.id }}
                >
                  {actionLabel}
                  <span className="sr-only"> {r.title}</span>
                </IntentButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
