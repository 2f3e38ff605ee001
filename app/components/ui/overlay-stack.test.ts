// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OverlayStack, ScrollLock, type OverlayEntry } from "./overlay-stack";

function entry(id: string, extra: Partial<OverlayEntry> = {}): OverlayEntry {
  return { id, kind: "modal", title: id, render: () => null, onClose: vi.fn(), ...extra };
}

const ids = (stack: OverlayStack) => stack.getEntries().map((e) => e.id);

describe("OverlayStack", () => {
  let stack: OverlayStack;
  beforeEach(() => {
    stack = new OverlayStack();
  });

  it("show puts each new entry in front", () => {
    stack.show(entry("a"));
    stack.show(entry("b"));
    stack.show(entry("c"));
    expect(ids(stack)).toEqual(["a", "b", "c"]);
    expect(stack.size).toBe(3);
  });

  it("show of an id already on the stack moves it to the front and closes the old entry once", () => {
    const first = entry("a");
    stack.show(first);
    stack.show(entry("b"));
    const again = entry("a");
    stack.show(again);
    expect(ids(stack)).toEqual(["b", "a"]);
    expect(stack.getEntries().at(-1)).toBe(again);
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(again.onClose).not.toHaveBeenCalled();
  });

  it("show of the very same entry again only moves it to the front", () => {
    const a = entry("a");
    stack.show(a);
    stack.show(entry("b"));
    stack.show(a);
    expect(ids(stack)).toEqual(["b", "a"]);
    expect(a.onClose).not.toHaveBeenCalled();
  });

  it("replace swaps the front entry and fires its onClose", () => {
    const a = entry("a");
    const b = entry("b");
    const c = entry("c");
    stack.show(a);
    stack.show(b);
    stack.replace(c);
    expect(ids(stack)).toEqual(["a", "c"]);
    expect(b.onClose).toHaveBeenCalledTimes(1);
    expect(a.onClose).not.toHaveBeenCalled();
    expect(c.onClose).not.toHaveBeenCalled();
  });

  it("replace swaps even a non-closable front entry", () => {
    const locked = entry("locked", { closable: false });
    stack.show(locked);
    stack.replace(entry("next"));
    expect(ids(stack)).toEqual(["next"]);
    expect(locked.onClose).toHaveBeenCalledTimes(1);
  });

  it("replace on an empty stack shows the entry", () => {
    stack.replace(entry("a"));
    expect(ids(stack)).toEqual(["a"]);
  });

  it("hide closes the front entry and fires its onClose", () => {
    const a = entry("a");
    const b = entry("b");
    stack.show(a);
    stack.show(b);
    expect(stack.hide()).toBe(true);
    expect(ids(stack)).toEqual(["a"]);
    expect(b.onClose).toHaveBeenCalledTimes(1);
    expect(a.onClose).not.toHaveBeenCalled();
  });

  it("hide leaves a non-closable front entry in place and returns false", () => {
    const a = entry("a");
    const locked = entry("locked", { closable: false });
    stack.show(a);
    stack.show(locked);
    expect(stack.hide()).toBe(false);
    expect(ids(stack)).toEqual(["a", "locked"]);
    expect(locked.onClose).not.toHaveBeenCalled();
    expect(a.onClose).not.toHaveBeenCalled();
  });

  it("hide on an empty stack returns false", () => {
    expect(stack.hide()).toBe(false);
  });

  it("close(id) removes that entry wherever it is, even a non-closable one", () => {
    const a = entry("a", { closable: false });
    const b = entry("b");
    stack.show(a);
    stack.show(b);
    stack.close("a");
    expect(ids(stack)).toEqual(["b"]);
    expect(a.onClose).toHaveBeenCalledTimes(1);
    expect(b.onClose).not.toHaveBeenCalled();
    stack.close("missing");
    expect(ids(stack)).toEqual(["b"]);
  });

  it("clear closes everything, front first", () => {
    const order: string[] = [];
    stack.show(entry("a", { onClose: () => order.push("a"), closable: false }));
    stack.show(entry("b", { onClose: () => order.push("b") }));
    stack.clear();
    expect(stack.size).toBe(0);
    expect(order).toEqual(["b", "a"]);
  });

  it("fires each onClose exactly once however the entry leaves", () => {
    const a = entry("a");
    const b = entry("b");
    const c = entry("c");
    stack.show(a);
    stack.show(b);
    stack.hide();
    stack.hide();
    stack.hide();
    stack.close("b");
    stack.show(c);
    stack.clear();
    stack.clear();
    expect(a.onClose).toHaveBeenCalledTimes(1);
    expect(b.onClose).toHaveBeenCalledTimes(1);
    expect(c.onClose).toHaveBeenCalledTimes(1);
  });

  it("shows only one side panel: a second panel closes the first", () => {
    const first = entry("first", { kind: "panel" });
    const second = entry("second", { kind: "panel" });
    stack.show(first);
    stack.show(second);
    expect(ids(stack)).toEqual(["second"]);
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(second.onClose).not.toHaveBeenCalled();
  });

  it("replacing with a panel also closes any other panel", () => {
    const panel = entry("panel", { kind: "panel" });
    const modal = entry("modal");
    stack.show(panel);
    stack.show(modal);
    stack.replace(entry("panel-2", { kind: "panel" }));
    expect(ids(stack)).toEqual(["panel-2"]);
    expect(panel.onClose).toHaveBeenCalledTimes(1);
    expect(modal.onClose).toHaveBeenCalledTimes(1);
  });

  it("lets modals and one panel coexist", () => {
    stack.show(entry("modal-1"));
    stack.show(entry("panel", { kind: "panel" }));
    stack.show(entry("modal-2"));
    expect(ids(stack)).toEqual(["modal-1", "panel", "modal-2"]);
    expect(stack.getEntries().filter((e) => e.kind === "panel")).toHaveLength(1);
  });

  it("notifies subscribers with a new snapshot on each change, and stops after unsubscribe", () => {
    const listener = vi.fn();
    const unsubscribe = stack.subscribe(listener);
    const before = stack.getEntries();
    stack.show(entry("a"));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(stack.getEntries()).not.toBe(before);
    unsubscribe();
    stack.hide();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("has already removed the entry when its onClose runs", () => {
    let seen: string[] = [];
    stack.show(entry("a", { onClose: () => (seen = ids(stack)) }));
    stack.hide();
    expect(seen).toEqual([]);
  });
});

describe("ScrollLock", () => {
  let scrollY = 0;
  const scrollTo = vi.fn((_x: number, y: number) => {
    scrollY = y;
  });

  beforeEach(() => {
    scrollY = 0;
    scrollTo.mockClear();
    Object.defineProperty(window, "scrollY", { configurable: true, get: () => scrollY });
    Object.defineProperty(window, "scrollTo", { configurable: true, value: scrollTo });
    document.documentElement.removeAttribute("style");
  });
  afterEach(() => {
    document.documentElement.removeAttribute("style");
  });

  it("stops the page from scrolling where it was, keeping the scrollbar's space", () => {
    scrollY = 640;
    const lock = new ScrollLock(window);
    lock.lock();
    expect(lock.locked).toBe(true);
    expect(document.documentElement.style.overflow).toBe("hidden");
    expect(document.documentElement.style.scrollbarGutter).toBe("stable");
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("restores the exact scroll position and removes its styles on unlock", () => {
    scrollY = 1234;
    const lock = new ScrollLock(window);
    lock.lock();
    // Something (a browser quirk, a layout change) moved the page meanwhile.
    scrollY = 0;
    lock.unlock();
    expect(lock.locked).toBe(false);
    expect(scrollTo).toHaveBeenCalledWith(0, 1234);
    expect(window.scrollY).toBe(1234);
    expect(document.documentElement.getAttribute("style")).toBeNull();
  });

  it("puts back the root's previous inline style", () => {
    document.documentElement.setAttribute("style", "color: red; overflow: auto;");
    scrollY = 50;
    const lock = new ScrollLock(window);
    lock.lock();
    expect(document.documentElement.style.overflow).toBe("hidden");
    lock.unlock();
    expect(document.documentElement.getAttribute("style")).toBe("color: red; overflow: auto;");
  });

  it("ignores a second lock, so the first saved position wins", () => {
    scrollY = 300;
    const lock = new ScrollLock(window);
    lock.lock();
    scrollY = 0;
    lock.lock();
    lock.unlock();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 300);
  });

  it("does nothing on unlock when not locked", () => {
    document.body.setAttribute("style", "color: blue;");
    new ScrollLock(window).unlock();
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.body.getAttribute("style")).toBe("color: blue;");
  });
});
