// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import en from "../../../locales/en.json";
import pl from "../../../locales/pl.json";
import { I18nProvider, I18nStore } from "~/lib/i18n/react";
import { ExpiryDateTime, LocalDate } from "./local-time";

afterEach(cleanup);

function renderIn(code: "en" | "pl", node: React.ReactNode) {
  const store = new I18nStore(code, code === "en" ? en : pl);
  render(<I18nProvider store={store}>{node}</I18nProvider>);
  return screen.getByText((_, el) => el?.tagName === "TIME");
}

describe("LocalDate (issue 21 item 4: a date where the hour adds nothing)", () => {
  it("shows the day in the reader's language, without the time", () => {
    const time = renderIn("en", <LocalDate value="2027-03-05T14:30:00.000Z" timeZone="UTC" />);
    expect(time.textContent).toBe("Mar 5, 2027");
    expect(time.getAttribute("dateTime")).toBe("2027-03-05T14:30:00.000Z");
    cleanup();
    expect(
      renderIn("pl", <LocalDate value="2027-03-05T14:30:00.000Z" timeZone="UTC" />).textContent,
    ).toBe("5 mar 2027");
  });

  it("keeps a due day stored at 23:59 UTC on that day when asked for UTC", () => {
    const due = "2027-03-05T23:59:00.000Z";
    expect(renderIn("en", <LocalDate value={due} timeZone="UTC" />).textContent).toBe(
      "Mar 5, 2027",
    );
    cleanup();
    // In Warsaw that instant is already the 6th: the day typed would be lost.
    expect(renderIn("en", <LocalDate value={due} timeZone="Europe/Warsaw" />).textContent).toBe(
      "Mar 6, 2027",
    );
  });

  it("leaves the §4.8 trial expiry with its hour and minute", () => {
    expect(renderIn("en", <ExpiryDateTime value="2027-03-05T14:30:00.000Z" />).textContent).toMatch(
      /^05\.03\.2027 \d{2}:30$/,
    );
  });
});
