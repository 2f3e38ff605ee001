import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";

/** Spec §2.8/§9: hover and focus, no delay, 300 ms in, 250 ms out, offset 12, max 30rem, z 9999. */
const TOOLTIP = {
  hideMs: 250,
  offset: 12,
  maxWidth: "30rem",
  zIndex: 9999,
  /** Room kept between the tooltip and the window's edges. */
  margin: 8,
} as const;

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  "aria-describedby"?: string;
};

interface Place {
  top: number;
  left: number;
  /** The arrow's distance from the tooltip's left edge: it points at the trigger's middle. */
  arrow: number;
  side: "top" | "bottom";
}

/**
 * A label shown while the pointer is over its trigger or the trigger has focus (Escape hides
 * it), above the trigger, or below when there is no room above, kept inside the window.
 * Home-made (issue 19): the top bar's icon buttons were the only users of Radix Tooltip, whose
 * positioning engine weighed 13.8 kB gzipped on every signed-in page for one placement rule.
 * Touch taps show no tooltip (the buttons' labels are read by screen readers, as before).
 */
export function Tooltip({
  content,
  children,
}: {
  content: ReactNode;
  children: ReactElement<TriggerProps>;
}) {
  const id = useId();
  const [state, setState] = useState<"closed" | "open" | "closing">("closed");
  const [place, setPlace] = useState<Place | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const bubble = useRef<HTMLDivElement>(null);
  const own = children.props;

  const show = (element: HTMLElement) => {
    setAnchor(element);
    setState("open");
  };
  const hide = () => setState((s) => (s === "open" ? "closing" : s));

  useLayoutEffect(() => {
    if (state !== "open" || !anchor || !bubble.current) return;
    const at = anchor.getBoundingClientRect();
    const box = bubble.current.getBoundingClientRect();
    const middle = at.left + at.width / 2;
    const room = document.documentElement.clientWidth - box.width - TOOLTIP.margin;
    const left = Math.max(TOOLTIP.margin, Math.min(middle - box.width / 2, room));
    const above = at.top - TOOLTIP.offset - box.height;
    const side = above >= TOOLTIP.margin ? "top" : "bottom";
    setPlace({
      top: side === "top" ? above : at.bottom + TOOLTIP.offset,
      left,
      arrow: Math.max(8, Math.min(middle - left, box.width - 8)),
      side,
    });
  }, [state, anchor, content]);

  useEffect(() => {
    if (state === "closing") {
      const timer = setTimeout(() => setState("closed"), TOOLTIP.hideMs);
      return () => clearTimeout(timer);
    }
    if (state !== "open") return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && hide();
    document.addEventListener("keydown", onKey);
    window.addEventListener("scroll", hide, true);
    return () => {
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("scroll", hide, true);
    };
  }, [state]);

  const triggerElement = cloneElement(children, {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== "touch") show(event.currentTarget);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      show(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      hide();
    },
    "aria-describedby": state === "open" ? id : own["aria-describedby"],
  });

  return (
    <>
      {triggerElement}
      {state !== "closed"
        ? createPortal(
            <div
              ref={bubble}
              role="tooltip"
              id={id}
              data-state={state === "open" ? "delayed-open" : "closed"}
              data-side={place?.side}
              className="parley-tooltip pointer-events-none fixed rounded-md bg-slate-900 px-2.5 py-1.5 text-sm text-white shadow-lg"
              style={{
                top: place?.top ?? 0,
                left: place?.left ?? 0,
                maxWidth: TOOLTIP.maxWidth,
                zIndex: TOOLTIP.zIndex,
                visibility: place ? undefined : "hidden",
              }}
            >
              {content}
              <span
                aria-hidden="true"
                className="absolute size-2.5 rotate-45 bg-slate-900"
                style={{
                  left: (place?.arrow ?? 0) - 5,
                  ...(place?.side === "bottom" ? { top: -5 } : { bottom: -5 }),
                }}
              />
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
