import * as Dialog from "@radix-ui/react-dialog";
import { Suspense, useEffect, useMemo, type ReactNode } from "react";
import { cx } from "./cx";
import { Spinner } from "./spinner";
import {
  overlays,
  ScrollLock,
  useOverlayEntries,
  type OverlayEntry,
  type OverlayStack,
} from "./overlay-stack";

const SIZES = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
      <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function OverlayView({
  entry,
  level,
  front,
  stack,
  closeLabel,
}: {
  entry: OverlayEntry;
  /** Position in the stack: each entry's backdrop covers every entry below it. */
  level: number;
  front: boolean;
  stack: OverlayStack;
  closeLabel: string;
}) {
  const closable = entry.closable !== false;
  const requestClose = (event?: Event) => {
    event?.preventDefault();
    if (front) stack.hide();
  };
  const panel = entry.kind === "panel";
  return (
    <Dialog.Root open modal onOpenChange={(open) => (!open && front ? stack.hide() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay
          className="fixed inset-0 bg-slate-900/45 backdrop-blur-[1px]"
          style={{ zIndex: 40 + 2 * level }}
        />
        <Dialog.Content
          aria-describedby={undefined}
          onEscapeKeyDown={requestClose}
          onPointerDownOutside={requestClose}
          onInteractOutside={(e) => e.preventDefault()}
          onCloseAutoFocus={(event) => {
            // Back to the button that opened it (Radix would look for a Dialog.Trigger, which
            // the stack has none of, and leave focus on the page's body).
            const target = stack.returnFocusOf(entry);
            // A button hidden meanwhile (a closed menu) cannot take focus: Radix decides then.
            if (target?.isConnected && (target.checkVisibility?.() ?? true)) {
              event.preventDefault();
              target.focus();
            }
          }}
          style={{ zIndex: 41 + 2 * level }}
          className={cx(
            "fixed flex flex-col bg-white shadow-2xl focus:outline-none",
            panel
              ? "inset-y-0 end-0 w-full max-w-md"
              : cx(
                  "start-1/2 top-1/2 max-h-[90dvh] w-[calc(100%-2rem)] -translate-y-1/2 rounded-2xl ltr:-translate-x-1/2 rtl:translate-x-1/2",
                  SIZES[entry.size ?? "md"],
                ),
          )}
        >
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-ink">{entry.title}</Dialog.Title>
            {closable ? (
              <button
                type="button"
                onClick={() => stack.hide()}
                className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-800"
                aria-label={closeLabel}
              >
                <CloseIcon />
              </button>
            ) : null}
          </div>
          <div className="overflow-y-auto px-5 py-4">
            {/* An overlay's content may load on first use (the avatar menu's dialogs). */}
            <Suspense fallback={<Spinner className="mx-auto size-6 text-brand-600" />}>
              {entry.render()}
            </Suspense>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Renders the overlay stack; mount once near the root of a layout. */
export function OverlayHost({
  closeLabel,
  stack = overlays,
}: {
  closeLabel: string;
  stack?: OverlayStack;
}): ReactNode {
  const entries = useOverlayEntries(stack);
  const lock = useMemo(() => (typeof window === "undefined" ? null : new ScrollLock(window)), []);
  const open = entries.length > 0;
  useEffect(() => {
    if (!lock) return;
    if (open) lock.lock();
    else lock.unlock();
  }, [open, lock]);
  useEffect(() => () => lock?.unlock(), [lock]);
  // Escape closes the front entry even in the moment after it opened, while Radix has not yet
  // counted the new dialog as the top layer and ignores the key (a quick Escape left the
  // support chat open). Radix's own handler marks the key as handled (defaultPrevented) when
  // it closes an overlay, a menu or a popover, so this only acts when nothing else did.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (stack.hide()) event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, stack]);
  return (
    <>
      {entries.map((entry, index) => (
        <OverlayView
          key={entry.id}
          entry={entry}
          level={index}
          front={index === entries.length - 1}
          stack={stack}
          closeLabel={closeLabel}
        />
      ))}
    </>
  );
}
