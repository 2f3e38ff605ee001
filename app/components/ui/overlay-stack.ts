import { useSyncExternalStore, type ReactNode } from "react";

/**
 * Modals and side panels (spec §2.8) live on one stack: `show` puts one in front, `replace`
 * swaps the front one, `hide` closes the front one unless it is marked not closable. An
 * entry may carry a callback that fires when it closes. Only one side panel shows at a time.
 */
export interface OverlayEntry {
  id: string;
  kind: "modal" | "panel";
  title: string;
  render: () => ReactNode;
  closable?: boolean;
  onClose?: () => void;
  /** Width class for modals ("max-w-lg" by default). */
  size?: "sm" | "md" | "lg" | "xl";
  /**
   * Where focus goes back when it closes: by default the element that had focus when it was
   * shown (the button that opened it). A menu item goes away with its menu, so a menu names
   * its own trigger here.
   */
  returnFocus?: HTMLElement | null;
}

type Listener = () => void;

export class OverlayStack {
  private entries: readonly OverlayEntry[] = [];
  private listeners = new Set<Listener>();
  private focusedBefore = new WeakMap<OverlayEntry, HTMLElement>();

  /** The element focus returns to when an entry closes (see `OverlayEntry.returnFocus`). */
  returnFocusOf = (entry: OverlayEntry): HTMLElement | null =>
    entry.returnFocus ?? this.focusedBefore.get(entry) ?? null;

  private remember(entry: OverlayEntry) {
    if (typeof document === "undefined" || this.focusedBefore.has(entry)) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body)
      this.focusedBefore.set(entry, active);
  }

  getEntries = (): readonly OverlayEntry[] => this.entries;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: readonly OverlayEntry[], closed: OverlayEntry[]) {
    this.entries = next;
    for (const entry of closed) entry.onClose?.();
    for (const listener of this.listeners) listener();
  }

  /**
   * Puts an entry in front. A side panel first closes any other side panel; an entry with
   * the same id is taken off (and closed, unless it is this very entry).
   */
  show(entry: OverlayEntry): void {
    this.remember(entry);
    const displaced = (e: OverlayEntry) =>
      e.id === entry.id || (entry.kind === "panel" && e.kind === "panel");
    const closed = this.entries.filter((e) => displaced(e) && e !== entry);
    const rest = this.entries.filter((e) => !displaced(e));
    this.set([...rest, entry], closed);
  }

  /** Swaps the front entry for another (or shows it when the stack is empty). */
  replace(entry: OverlayEntry): void {
    const front = this.entries.at(-1);
    if (!front) {
      this.show(entry);
      return;
    }
    // The replacement hands focus back where the entry it replaces would have.
    const back = this.returnFocusOf(front);
    if (back && !entry.returnFocus && !this.focusedBefore.has(entry))
      this.focusedBefore.set(entry, back);
    const rest = this.entries
      .slice(0, -1)
      .filter((e) => e.id !== entry.id && !(entry.kind === "panel" && e.kind === "panel"));
    const closed = [front, ...this.entries.slice(0, -1).filter((e) => !rest.includes(e))].filter(
      (e) => e !== entry,
    );
    this.set([...rest, entry], closed);
  }

  /** Closes the front entry unless it is not closable. Returns whether it closed. */
  hide(): boolean {
    const front = this.entries.at(-1);
    if (!front || front.closable === false) return false;
    this.set(this.entries.slice(0, -1), [front]);
    return true;
  }

  /** Closes one entry by id, even a non-closable one (its own code decides when it is done). */
  close(id: string): void {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return;
    this.set(
      this.entries.filter((e) => e.id !== id),
      [entry],
    );
  }

  clear(): void {
    const closed = [...this.entries].reverse();
    this.set([], closed);
  }

  get size(): number {
    return this.entries.length;
  }
}

export const overlays = new OverlayStack();

export function useOverlayEntries(stack: OverlayStack = overlays): readonly OverlayEntry[] {
  return useSyncExternalStore(stack.subscribe, stack.getEntries, stack.getEntries);
}

/**
 * Page scroll lock while overlays are open: the document stops scrolling where it was
 * (overflow hidden on the root, with the scrollbar's space kept so nothing shifts) and the
 * exact position is restored when the last overlay closes. It works alongside Radix's own
 * scroll blocking, which stops wheel and touch scrolling behind a modal.
 */
export class ScrollLock {
  private savedY: number | null = null;
  private savedStyle = "";

  constructor(private readonly win: Window) {}

  lock(): void {
    if (this.savedY !== null) return;
    const root = this.win.document.documentElement;
    this.savedY = this.win.scrollY;
    this.savedStyle = root.getAttribute("style") ?? "";
    root.style.overflow = "hidden";
    root.style.scrollbarGutter = "stable";
  }

  unlock(): void {
    if (this.savedY === null) return;
    const y = this.savedY;
    this.savedY = null;
    const root = this.win.document.documentElement;
    if (this.savedStyle) root.setAttribute("style", this.savedStyle);
    else root.removeAttribute("style");
    this.win.scrollTo(0, y);
  }

  get locked(): boolean {
    return this.savedY !== null;
  }
}
