import type { Ref } from "react";
import { cx } from "~/components/ui/cx";
import { LocalDateTime } from "~/components/ui/local-time";

/**
 * One chat message: the viewer's own messages on the end side in the brand colour, the other
 * side's on the start side. Each message keeps its own text direction (dir="auto").
 */
export function MessageBubble({
  body,
  createdAt,
  from,
  own,
  compact = false,
  ref,
}: {
  body: string;
  createdAt: string;
  /** Who wrote it, as the viewer calls them ("You", "Parley team", the user's name). */
  from: string;
  own: boolean;
  compact?: boolean;
  ref?: Ref<HTMLLIElement>;
}) {
  return (
    <li
      ref={ref}
      className={cx(
        "max-w-[85%] rounded-2xl py-2",
        compact ? "px-3 text-sm" : "px-4",
        own ? "ms-auto bg-brand-700 text-white" : "bg-white text-ink ring-1 ring-slate-200",
      )}
    >
      <p className="whitespace-pre-line break-words" dir="auto">
        {body}
      </p>
      <p className={cx("mt-1 text-xs", own ? "text-brand-100" : "text-slate-600")}>
        {from} · <LocalDateTime value={createdAt} />
      </p>
    </li>
  );
}
