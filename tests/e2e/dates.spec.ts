import { expect, test } from "./fixtures";

/**
 * Issue 13 item 19: dates and times follow the reader's language (Intl), except the end of a
 * trial or of premium access, which spec §4.8 fixes as day.month.year hour:minute.
 */
// A date reads the same at any width: the phone width is the one that can break it.
for (const width of [390]) {
  test(`a teacher who switches to Polish, then Arabic, reads dates their way, the trial's end as 31.12.2026 10:00 (${width} px)`, async ({
    page,
    teacher: _freshTeacher,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard/account");
    const chooseLanguage = async (code: string, save: RegExp) => {
      const form = page.locator("form").filter({ has: page.locator("#account-locale") });
      await form.locator("#account-locale").selectOption(code);
      await form.getByRole("button", { name: save }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", code);
    };
    await chooseLanguage("pl", /Save changes/);
    // The signed-in device: "Ostatnia aktywność: 9 gru 2026, 11:00" (Polish month, 24 h).
    const lastSeen = page.getByText(/^Ostatnia aktywność:/).first();
    await expect(lastSeen).toHaveText(
      /^Ostatnia aktywność:\s*\d{1,2} [a-ząćęłńóśźż]{3,4} \d{4}, \d{2}:\d{2}/,
    );

    await page.goto("/dashboard/membership");
    const trialEnd = page.getByText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/).first();
    await expect(trialEnd).toBeVisible();

    await page.goto("/dashboard/account");
    await chooseLanguage("ar", /Zapisz/);
    // Arabic: day/month/year with right-to-left marks, the Arabic comma and ص/م for am/pm
    // ("27‏/11‏/2026، 6:03 ص"); the expiry keeps its fixed form.
    await expect(page.getByTestId("device-last-seen").first()).toHaveText(
      /\d{4}،\s*\d{1,2}:\d{2}\s[صم]/,
    );
    await page.goto("/dashboard/membership");
    await expect(page.getByText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/).first()).toBeVisible();
  });
}
