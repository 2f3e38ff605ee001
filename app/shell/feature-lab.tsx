import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Spinner } from "~/components/ui/spinner";
import type { ChangelogEntry } from "~/features/changelog/changelog";
import { useLocale, useT } from "~/lib/i18n/react";
import { formatDate } from "~/lib/format";

/**
 * What's new, newest first. Each entry's title is a heading one level below its container's
 * (h2 on the page under its h1, h3 in the panel under the dialog's h2).
 */
export function ChangelogList({
  entries,
  headingLevel,
}: {
  entries: ChangelogEntry[];
  headingLevel: 2 | 3;
}) {
  const locale = useLocale();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ol className="space-y-6">
      {entries.map((entry) => (
        <li key={entry.id} className="border-s-2 border-brand-200 ps-4">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
            <time dateTime={entry.publishedAt}>
              {formatDate(entry.publishedAt, locale.iso, "UTC")}
            </time>
            {entry.tags.length > 0 ? ` · ${entry.tags.join(", ")}` : null}
          </p>
          <Heading className="mt-1 text-lg font-semibold text-ink">{entry.title}</Heading>
          <div
            className="prose-parley mt-2 text-sm"
            dangerouslySetInnerHTML={{ __html: entry.html }}
          />
        </li>
      ))}
    </ol>
  );
}

/** The Feature Lab panel: the latest changes, loaded when the panel opens. */
export function FeatureLabContent() {
  const t = useT();
  const loader = useFetcher<{ entries: ChangelogEntry[] }>();
  const marker = useFetcher();
  const marked = useRef(false);
  useEffect(() => {
    if (loader.state === "idle" && !loader.data) loader.load("/dashboard/features");
  }, [loader]);
  useEffect(() => {
    // Opening the lab records the time (cookie and account) so the highlight goes away.
    if (marked.current) return;
    marked.current = true;
    void marker.submit({ intent: "opened" }, { method: "post", action: "/dashboard/features" });
  }, [marker]);
  if (!loader.data) {
    return (
      <p className="flex items-center gap-2 text-slate-600">
        <Spinner className="size-4" /> {t("common.loading")}
      </p>
    );
  }
  return loader.data.entries.length > 0 ? (
    <ChangelogList entries={loader.data.entries} headingLevel={3} />
  ) : (
    <p>{t("featureLab.empty")}</p>
  );
}
