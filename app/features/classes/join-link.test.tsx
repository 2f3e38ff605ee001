// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import en from "../../../locales/en.json";
import { I18nProvider, I18nStore } from "~/lib/i18n/react";
import { JoinLink } from "./join-link";

const URL = "http://192.168.1.20:3000/c/ABC1234";

function show() {
  render(
    <I18nProvider store={new I18nStore("en", en)}>
      <JoinLink url={URL} classTitle="Thursday club" />
    </I18nProvider>,
  );
}

/**
 * The copy button where the Clipboard API is not offered: a school server reached over plain
 * http from the classroom is not a secure context. (The browser's own clipboard is exercised
 * end to end in tests/e2e/classes.spec.ts; jsdom has neither it nor the copy command, so the
 * command is stood in for here and records what was selected when it ran.)
 */
describe("JoinLink outside a secure context", () => {
  afterEach(() => {
    cleanup();
    Reflect.deleteProperty(document, "execCommand");
  });

  function copyCommand(result: boolean) {
    const copied: string[] = [];
    Object.defineProperty(document, "execCommand", {
      configurable: true,
      value: (command: string) => {
        copied.push(`${command}:${window.getSelection()?.toString() ?? ""}`);
        return result;
      },
    });
    return copied;
  }

  it("selects the whole address, copies it and says so in a status region", async () => {
    const copied = copyCommand(true);
    show();
    expect(window.isSecureContext).not.toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Copy link" }));
    expect(copied).toEqual([`copy:${URL}`]);
    expect(await screen.findByRole("status")).toHaveProperty(
      "textContent",
      expect.stringContaining("Link copied"),
    );
  });

  it("leaves the address selected and says to copy it when the browser refuses", async () => {
    copyCommand(false);
    show();
    await userEvent.click(screen.getByRole("button", { name: "Copy link" }));
    expect(screen.getByRole("status").textContent).toContain("The browser did not allow copying.");
    expect(window.getSelection()?.toString()).toBe(URL);
  });

  it("labels the QR code with the address it carries", () => {
    copyCommand(true);
    show();
    const code = screen.getByRole("img", { name: `QR code for ${URL}` });
    expect(code.tagName.toLowerCase()).toBe("svg");
    expect(code.getAttribute("data-value")).toBe(URL);
  });
});
