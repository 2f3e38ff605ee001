import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDayMonthYearTime } from "./format";

const AT = "2027-03-05T14:30:00Z";

describe("dates in the reader's language (issue 13 item 19)", () => {
  it("words a date and time per locale", () => {
    expect(formatDateTime(AT, "en", "UTC")).toMatch(/^Mar 5, 2027, 2:30\sPM$/);
    expect(formatDateTime(AT, "pl", "UTC")).toBe("5 mar 2027, 14:30");
    expect(formatDateTime(AT, "de", "UTC")).toBe("05.03.2027, 14:30");
    expect(formatDateTime(AT, "ja", "UTC")).toBe("2027/03/05 14:30");
    expect(formatDate(AT, "pl", "UTC")).toBe("5 mar 2027");
  });

  it("keeps the §4.8 expiry as day.month.year hour:minute in every language", () => {
    expect(formatDayMonthYearTime(AT, "UTC")).toBe("05.03.2027 14:30");
    expect(formatDayMonthYearTime(AT, "Europe/Warsaw")).toBe("05.03.2027 15:30");
  });

  it("gives an empty text, not a crash, for a date that is not one", () => {
    expect(formatDateTime("not a date", "en")).toBe("");
    expect(formatDate("", "en")).toBe("");
    expect(formatDayMonthYearTime("", "UTC")).toBe("");
  });
});
