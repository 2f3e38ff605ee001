import { expect, test } from "./fixtures";

/**
 * Issue 13 item 19: dates and times follow the reader's language (Intl), except the end of a
 * trial or of premium access, which spec §4.8 fixes as day.month.year hour:minute. Issue 21
 * item 7: a lesson's date and time fields read the same way, whatever the browser's language.
 */
// A date reads the same at any width: the phone width is the one that can break it.
for (const width of [390]) {
  test(`a teacher who switches to Polish, then Arabic, reads dates their way, the trial's end as 31.12.2026 10:00 (${width} px)`, async ({
    page,
    teacher: _freshTeacher,
  }) => {
    // A student, a lesson planned and edited, two language switches: 49 s on a loaded machine.
    test.slow();
    await page.setViewportSize({ width, height: 900 });

    // Issue 21 item 7: a lesson's date and time fields read like the app's own dates, in
    // whatever language the browser itself speaks (the test's Chromium: American English).
    await page.goto("/dashboard/students");
    const add = page.locator("details").filter({ hasText: "Add a student" });
    await add.getByText("Add a student").click();
    await add.getByLabel("Name", { exact: true }).fill("Ola Nowak");
    await add.getByRole("button", { name: "Add student" }).click();
    await page.getByRole("link", { name: "Plan a lesson" }).click();
    await page.getByLabel("Date", { exact: true }).fill("2026-12-16");
    await expect(page.getByTestId("date-readout")).toHaveText("Wednesday, December 16, 2026");
    const time = page.getByLabel("Time", { exact: true });
    await time.selectOption("14:15");
    await expect(time.locator("option:checked")).toHaveText(/^2:15\sPM$/);
    await page.getByRole("button", { name: "Create the lesson" }).click();
    await expect(page.getByText(/Dec 16, 2026, 2:15\sPM/)).toBeVisible();
    const lesson = page.url();

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

    // The same lesson in Polish: a 24-hour list and the day written out in Polish.
    await page.goto(lesson);
    await expect(page.getByTestId("date-readout")).toHaveText("środa, 16 grudnia 2026");
    const godzina = page.getByLabel("Godzina", { exact: true });
    await expect(godzina.locator("option:checked")).toHaveText("14:15");
    await godzina.focus();
    await page.keyboard.press("ArrowDown"); // the next quarter: 14:30
    await page.getByLabel("Data", { exact: true }).fill("2026-12-17");
    await expect(page.getByTestId("date-readout")).toHaveText("czwartek, 17 grudnia 2026");
    await page.getByRole("button", { name: "Zapisz", exact: true }).click();
    await expect(page.getByText(/17 gru 2026, 14:30/).first()).toBeVisible();

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
