import { useEffect, useRef, type FormEvent } from "react";

function removeButton(item: Element | undefined): HTMLElement | null {
  for (const form of item?.querySelectorAll("form") ?? []) {
    const intent = form.elements.namedItem("intent");
    if (intent instanceof HTMLInputElement && intent.value === "remove")
      return form.querySelector("button");
  }
  return null;
}

/**
 * Keeps focus in a list whose items have a "remove" intent button (the lesson plan): once a
 * removed item is gone, focus moves to the Remove button of the item that took its place (or
 * of the new last item), or to `empty` (tabIndex -1) when none is left — not to the page's
 * body, where a keyboard user would start again from the top.
 */
export function useFocusAfterRemove(count: number) {
  const listRef = useRef<HTMLOListElement>(null);
  const emptyRef = useRef<HTMLHeadingElement>(null);
  const removing = useRef<{ index: number; count: number } | null>(null);

  useEffect(() => {
    const pending = removing.current;
    if (!pending || count >= pending.count) return;
    removing.current = null;
    const items = listRef.current ? [...listRef.current.children] : [];
    const target =
      removeButton(items[Math.min(pending.index, items.length - 1)]) ?? emptyRef.current;
    target?.focus();
  }, [count]);

  const onRemoveSubmit = (event: FormEvent<HTMLOListElement>) => {
    const form = event.target as HTMLFormElement;
    const intent = form.elements.namedItem("intent");
    if (!(intent instanceof HTMLInputElement) || intent.value !== "remove") return;
    const item = form.closest("li");
    const items = listRef.current ? [...listRef.current.children] : [];
    if (item) removing.current = { index: items.indexOf(item), count };
  };

  return { listRef, emptyRef, onRemoveSubmit };
}
