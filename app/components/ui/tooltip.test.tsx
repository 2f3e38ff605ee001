// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Tooltip } from "./tooltip";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Bell({ onFocus }: { onFocus?: () => void }) {
  return (
    <Tooltip content="Notifications">
      <button type="button" aria-label="Notifications" onFocus={onFocus}>
        🔔
      </button>
    </Tooltip>
  );
}

describe("Tooltip", () => {
  it("shows on hover and describes its trigger, and goes when the pointer leaves", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<Bell />);
    const button = screen.getByRole("button", { name: "Notifications" });
    await userEvent.hover(button);
    const tip = await screen.findByRole("tooltip");
    expect(tip.textContent).toBe("Notifications");
    expect(button.getAttribute("aria-describedby")).toBe(tip.id);
    await userEvent.unhover(button);
    expect(button.getAttribute("aria-describedby")).toBeNull();
    // It fades out (250 ms), then leaves the page.
    expect(screen.getByRole("tooltip").dataset.state).toBe("closed");
    act(() => void vi.advanceTimersByTime(300));
    expect(screen.queryByRole("tooltip")).toBeNull();
  });

  it("shows on keyboard focus, keeps the trigger's own handler, and Escape hides it", async () => {
    const onFocus = vi.fn();
    render(<Bell onFocus={onFocus} />);
    await userEvent.tab();
    expect(onFocus).toHaveBeenCalledOnce();
    expect((await screen.findByRole("tooltip")).dataset.state).toBe("delayed-open");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.getByRole("tooltip").dataset.state).toBe("closed");
  });
});
