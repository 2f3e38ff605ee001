import {
  createContext,
  useContext,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from "react";
import { cx } from "./cx";

/** What an item needs from its menu: close it (giving focus back to the button). */
const MenuContext = createContext<() => void>(() => undefined);

type OpenWith = "menu" | "first" | "last";

/**
 * A menu button (WAI-ARIA APG "menu button"): the button toggles the menu on click; a
 * keyboard Enter, Space or ArrowDown opens it on its first item, ArrowUp on its last. In the
 * menu, arrows, Home and End move between items, Enter or Space chooses one (the menu closes,
 * focus goes back to the button), Escape closes it and gives focus back, Tab and a click
 * outside close it. Home-made (issue 19): Radix's menu and its positioning engine weighed
 * some 15 kB gzipped on every signed-in page for one menu under one button; this one opens
 * below its button, aligned to the button's end (left in right-to-left languages).
 */
export function Menu({
  button,
  buttonClassName,
  buttonTestId,
  buttonRef,
  className,
  testId,
  children,
}: {
  button: ReactNode;
  buttonClassName?: string;
  buttonTestId?: string;
  /** The button, for dialogs opened from the menu to give focus back to. */
  buttonRef?: Ref<HTMLButtonElement | null>;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const openWith = useRef<OpenWith>("menu");
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const ids = { button: useId(), menu: useId() };
  useImperativeHandle<HTMLButtonElement | null, HTMLButtonElement | null>(
    buttonRef,
    () => trigger.current,
    [],
  );

  const items = () =>
    Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const show = (how: OpenWith) => {
    openWith.current = how;
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const all = items();
    const target =
      openWith.current === "first" ? all[0] : openWith.current === "last" ? all.at(-1) : null;
    (target ?? menu.current)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const inside = (node: HTMLElement | null) => node?.contains(event.target as Node);
      if (!inside(menu.current) && !inside(trigger.current)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onButtonClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (open) setOpen(false);
    // A click from the keyboard (Enter, Space) has no pointer position count.
    else show(event.detail === 0 ? "first" : "menu");
  };
  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    show(event.key === "ArrowDown" ? "first" : "last");
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    // The ends stop the arrows (no wrapping round).
    const move = (index: number) => {
      event.preventDefault();
      all[Math.max(0, Math.min(index, all.length - 1))]?.focus();
    };
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at < 0 ? all.length - 1 : at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(all.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") setOpen(false);
  };

  return (
    <div className="relative">
      <button
        ref={trigger}
        type="button"
        id={ids.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? ids.menu : undefined}
        className={buttonClassName}
        data-testid={buttonTestId}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        {button}
      </button>
      {open ? (
        <div
          ref={menu}
          id={ids.menu}
          role="menu"
          aria-labelledby={ids.button}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className={cx("absolute end-0 top-full mt-2 outline-none", className)}
          data-testid={testId}
        >
          <MenuContext.Provider value={close}>{children}</MenuContext.Provider>
        </div>
      ) : null}
    </div>
  );
}

/** An entry of a menu: chosen by click, Enter or Space; the menu closes first. */
export function MenuItem({
  onSelect,
  className,
  children,
}: {
  onSelect: () => void;
  className?: string;
  children: ReactNode;
}) {
  const close = useContext(MenuContext);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={className}
      // The pointer moves the focus, as the keyboard does: one highlighted item at a time.
      onPointerMove={(event) => event.currentTarget.focus()}
      onClick={() => {
        close();
        onSelect();
      }}
    >
      {children}
    </button>
  );
}

export function MenuSeparator({ className }: { className?: string }) {
  return <div role="separator" className={className} />;
}
