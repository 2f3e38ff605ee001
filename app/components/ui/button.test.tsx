// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BUTTON_SIZES,
  BUTTON_THEMES,
  Button,
  ButtonLink,
  buttonClasses,
  type ButtonSize,
  type ButtonTheme,
} from "./button";

afterEach(cleanup);

describe("Button", () => {
  it("calls onClick when active", async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("aria-disabled")).toBeNull();
    expect(button.getAttribute("aria-busy")).toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["disabled", { disabled: true }],
    ["loading", { loading: true }],
  ] as const)("ignores clicks and keys while %s", async (_state, props) => {
    const onClick = vi.fn();
    const user = userEvent.setup();
    render(
      <Button onClick={onClick} {...props}>
        Save
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Save" });
    await user.click(button);
    button.focus();
    await user.keyboard("{Enter}");
    await user.keyboard(" ");
    expect(onClick).not.toHaveBeenCalled();
  });

  it("stays focusable while disabled, announced through aria-disabled", async () => {
    render(<Button disabled>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(button.getAttribute("aria-busy")).toBeNull();
    await userEvent.tab();
    expect(document.activeElement).toBe(button);
  });

  it("marks a loading button busy, shows a spinner and keeps its label", () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.querySelector("svg.animate-spin")).not.toBeNull();
  });

  it("shows its icon when not loading, the spinner instead when loading", () => {
    const icon = <svg data-testid="icon" />;
    const { rerender } = render(<Button icon={icon}>Go</Button>);
    expect(screen.queryByTestId("icon")).not.toBeNull();
    rerender(
      <Button icon={icon} loading>
        Go
      </Button>,
    );
    expect(screen.queryByTestId("icon")).toBeNull();
  });

  it("does not submit its form while loading or disabled, and does when active", async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <Button type="submit" loading>
          Send
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    rerender(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <Button type="submit" disabled>
          Send
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).not.toHaveBeenCalled();
    rerender(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <Button type="submit">Send</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("is type=button by default so it never submits a form by accident", () => {
    render(<Button>Plain</Button>);
    expect(screen.getByRole("button").getAttribute("type")).toBe("button");
  });

  it("forwards its ref to the button element", () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Ref</Button>);
    expect(ref.current).toBe(screen.getByRole("button"));
  });

  const combos = BUTTON_THEMES.flatMap((theme) =>
    BUTTON_SIZES.map((size): [ButtonTheme, ButtonSize] => [theme, size]),
  );

  it.each(combos)("renders theme %s at size %s with its own classes", (theme, size) => {
    render(
      <Button theme={theme} size={size} className="extra-class">
        {`${theme} ${size}`}
      </Button>,
    );
    const button = screen.getByRole("button", { name: `${theme} ${size}` });
    expect(button.className).toBe(buttonClasses(theme, size, "extra-class"));
    expect(button.className).toContain("extra-class");
  });

  it("gives every theme and every size distinct classes", () => {
    const themes = new Set(BUTTON_THEMES.map((theme) => buttonClasses(theme, "medium")));
    const sizes = new Set(BUTTON_SIZES.map((size) => buttonClasses("primary", size)));
    expect(themes.size).toBe(BUTTON_THEMES.length);
    expect(sizes.size).toBe(BUTTON_SIZES.length);
  });

  it("defaults to primary and medium", () => {
    render(<Button>Default</Button>);
    expect(screen.getByRole("button").className).toBe(buttonClasses("primary", "medium"));
  });
});

describe("ButtonLink", () => {
  it("renders a link styled as a button", async () => {
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: (
            <ButtonLink to="/next" theme="secondary" size="large">
              Next
            </ButtonLink>
          ),
        },
        { path: "/next", element: <p>Arrived</p> },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole("link", { name: "Next" });
    expect(link.getAttribute("href")).toBe("/next");
    expect(link.className).toBe(buttonClasses("secondary", "large"));
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe("/next");
  });
});
