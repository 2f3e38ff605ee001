// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { OverlayHost } from "./overlay-host";
import { OverlayStack, type OverlayEntry } from "./overlay-stack";

const entry = (id: string, extra: Partial<OverlayEntry> = {}): OverlayEntry => ({
  id,
  kind: "modal",
  title: `Title ${id}`,
  render: () => <p>Body {id}</p>,
  ...extra,
});

const zIndex = (el: Element | null) => Number((el as HTMLElement | null)?.style.zIndex);

let stack: OverlayStack;
let scrollTo: MockInstance<typeof window.scrollTo>;
beforeEach(() => {
  stack = new OverlayStack();
  scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  scrollTo.mockRestore();
  Object.defineProperty(window, "scrollY", { configurable: true, value: 0 });
  document.body.removeAttribute("style");
  document.documentElement.removeAttribute("style");
});

describe("OverlayHost", () => {
  it("renders the front entry as a labelled dialog", async () => {
    render(<OverlayHost closeLabel="Close" stack={stack} />);
    act(() => stack.show(entry("a")));
    const dialog = await screen.findByRole("dialog", { name: "Title a" });
    expect(dialog.textContent).toContain("Body a");
  });

  it("puts each entry's backdrop above every entry below it", () => {
    render(<OverlayHost closeLabel="Close" stack={stack} />);
    act(() => {
      stack.show(entry("a"));
      stack.show(entry("b"));
    });
    const contents = [...document.querySelectorAll('[role="dialog"]')];
    const backdrops = [...document.querySelectorAll("[data-state].fixed.inset-0")];
    expect(contents).toHaveLength(2);
    expect(backdrops).toHaveLength(2);
    expect(zIndex(backdrops[0]!)).toBeLessThan(zIndex(contents[0]!));
    expect(zIndex(contents[0]!)).toBeLessThan(zIndex(backdrops[1]!));
    expect(zIndex(backdrops[1]!)).toBeLessThan(zIndex(contents[1]!));
  });

  it("closes only the front entry on Escape and on its close button", async () => {
    const user = userEvent.setup();
    render(<OverlayHost closeLabel="Close" stack={stack} />);
    act(() => {
      stack.show(entry("a"));
      stack.show(entry("b"));
    });
    await user.keyboard("{Escape}");
    expect(stack.getEntries().map((e) => e.id)).toEqual(["a"]);
    await user.click(await screen.findByRole("button", { name: "Close" }));
    expect(stack.size).toBe(0);
  });

  it("gives a non-closable entry no close button and ignores Escape", async () => {
    const user = userEvent.setup();
    render(<OverlayHost closeLabel="Close" stack={stack} />);
    act(() => stack.show(entry("locked", { closable: false })));
    await screen.findByRole("dialog", { name: "Title locked" });
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    await user.keyboard("{Escape}");
    expect(stack.size).toBe(1);
  });

  it("locks page scrolling while anything is open and restores the position after", async () => {
    Object.defineProperty(window, "scrollY", { configurable: true, value: 420 });
    render(<OverlayHost closeLabel="Close" stack={stack} />);
    act(() => stack.show(entry("a")));
    expect(document.documentElement.style.overflow).toBe("hidden");
    act(() => stack.hide());
    await waitFor(() => expect(document.documentElement.style.overflow).toBe(""));
    expect(scrollTo).toHaveBeenCalledWith(0, 420);
  });
});
