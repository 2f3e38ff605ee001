import { expect, test } from "./fixtures";

/**
 * Teaching workflow end to end (issue 9): add a student, plan a lesson from the picker,
 * see an exercise used last lesson marked in the next one, run the lesson.
 */
test("a teacher adds a student, plans lessons from the picker and runs one", async ({
  page,
  teacher: _freshTeacher,
}) => {
  // Two lessons planned and one run: 53 s of a 60 s budget on a loaded machine.
  test.slow();
  await page.goto("/dashboard/students");
  const add = page.locator("details").filter({ hasText: "Add a student" });
  await add.getByText("Add a student").click();
  await add.getByLabel("Name", { exact: true }).fill("Tomasz Wójcik");
  await add.getByLabel("Level").selectOption("B1");
  await add.getByLabel("Goals").fill("Small talk for a work trip to Dublin");
  await add.getByRole("button", { name: "Add student" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tomasz Wójcik" })).toBeVisible();

  // First lesson: an exercise from the picker, at the student's level by default.
  await page.getByRole("link", { name: "Plan a lesson" }).click();
  await page.getByLabel("Title").fill("Travel talk 1");
  await page.getByRole("button", { name: "Create the lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Travel talk 1" })).toBeVisible();
  await page.getByRole("link", { name: "Add an exercise" }).click();
  const picker = page.getByRole("region", { name: "Add an exercise" });
  await expect(picker.getByLabel("Level")).toHaveValue("B1");
  const firstResult = picker.getByRole("listitem").first();
  const exerciseTitle = (await firstResult.locator("[lang=en]").first().innerText()).trim();
  await firstResult.getByRole("button", { name: /^Add / }).click();
  const plan = page.getByRole("region", { name: "Plan" });
  await expect(plan.getByRole("link", { name: exerciseTitle })).toBeVisible();
  // The picker marks it as in the lesson and offers no second "Add".
  const added = picker.getByRole("listitem").filter({ hasText: exerciseTitle });
  await expect(added.getByTestId("picker-chosen")).toHaveText("In this lesson");
  await expect(added.getByRole("button", { name: /^Add / })).toHaveCount(0);
  await page.getByLabel(/Your own step/).fill("Feedback on useful phrases");
  await page.getByRole("button", { name: "Add step" }).click();
  await expect(
    plan.getByRole("paragraph").filter({ hasText: "Feedback on useful phrases" }),
  ).toBeVisible();

  // Run it with the keyboard.
  await page.getByRole("link", { name: "Run lesson" }).click();
  await expect(page.getByText("1 of 2")).toBeVisible();
  // Run mode covers the app's top bar: the whole window is the lesson.
  expect(
    await page.evaluate(
      () =>
        document
          .elementFromPoint(window.innerWidth - 20, 20)
          ?.closest("[data-testid=run-lesson]") !== null,
    ),
  ).toBe(true);
  await expect(page.getByRole("heading", { level: 1, name: exerciseTitle })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText("2 of 2")).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 1, name: "Feedback on useful phrases" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Finish the lesson" }).click();

  // The next lesson copies the plan; the exercise used last time is marked.
  await page.goto("/dashboard/students");
  await page.getByRole("link", { name: "Plan a lesson Tomasz Wójcik" }).click();
  await page.getByLabel("Title").fill("Travel talk 2");
  await page.getByRole("checkbox", { name: /Start from the plan of “Travel talk 1”/ }).check();
  await page.getByRole("button", { name: "Create the lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Travel talk 2" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Plan" }).getByText(/used on/)).toBeVisible();
  // The picker leaves it out unless asked.
  await page.getByRole("link", { name: "Add an exercise" }).click();
  const next = page.getByRole("region", { name: "Add an exercise" });
  await expect(next.getByText(exerciseTitle, { exact: true })).toHaveCount(0);
  await next.getByLabel(/Only exercises not used with/).uncheck();
  await next.getByRole("button", { name: "Search" }).click();
  await expect(
    next
      .getByRole("listitem")
      .filter({ hasText: exerciseTitle })
      .getByText(/used on/),
  ).toBeVisible();

  await page.goto("/dashboard/lessons");
  await expect(page.getByRole("link", { name: "Travel talk 2" })).toBeVisible();
});

test("the material picker shows each material's minutes and hides one used in a done lesson", async ({
  page,
  teacher: _freshTeacher,
}) => {
  // Two lessons planned from scratch (about thirty page loads): more than the default minute
  // on a busy two-core machine.
  test.slow();
  const material = "Renting a Flat: Tenant and Landlord Cue Cards";
  await page.goto("/dashboard/students");
  const add = page.locator("details").filter({ hasText: "Add a student" });
  await add.getByText("Add a student").click();
  await add.getByLabel("Name", { exact: true }).fill("Olga Nowak");
  await add.getByLabel("Level").selectOption("B1");
  await add.getByRole("button", { name: "Add student" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Olga Nowak" })).toBeVisible();

  // First lesson: the material, found by a word, with its own minutes; added, then done.
  await page.getByRole("link", { name: "Plan a lesson" }).click();
  await page.getByLabel("Title").fill("Flat hunting 1");
  await page.getByRole("button", { name: "Create the lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Flat hunting 1" })).toBeVisible();
  await page.getByRole("link", { name: "Add a material" }).click();
  const picker = page.getByRole("region", { name: "Add a material" });
  await expect(picker.getByLabel("Level")).toHaveValue("B1");
  await picker.getByRole("searchbox", { name: "Search" }).fill("renting");
  await picker.getByRole("button", { name: "Search", exact: true }).click();
  const row = picker.getByRole("listitem").filter({ hasText: material });
  await expect(row).toContainText("Cue cards · 25 min");
  await expect(row).not.toContainText("used on");
  await row.getByRole("button", { name: `Add ${material}` }).click();
  const plan = page.getByRole("region", { name: "Plan" });
  await expect(plan.getByRole("link", { name: material })).toBeVisible();
  await expect(plan.getByLabel(`Minutes for “${material}”`)).toHaveValue("25");
  await page.getByRole("button", { name: "Mark as done" }).click();
  await expect(page.getByRole("button", { name: "Mark as planned" })).toBeVisible();

  // The next lesson: the picker leaves it out unless asked, then marks it used.
  await page.goto("/dashboard/students");
  await page.getByRole("link", { name: "Plan a lesson Olga Nowak" }).click();
  await page.getByLabel("Title").fill("Flat hunting 2");
  await page.getByRole("button", { name: "Create the lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Flat hunting 2" })).toBeVisible();
  await page.getByRole("link", { name: "Add a material" }).click();
  await picker.getByRole("searchbox", { name: "Search" }).fill("renting");
  await picker.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=renting/);
  await expect(picker.getByText(material)).toHaveCount(0);
  await picker.getByLabel("Only materials not used with Olga Nowak").uncheck();
  await picker.getByRole("button", { name: "Search", exact: true }).click();
  await expect(row).toContainText("used on");
  await expect(row).toContainText("25 min");

  // On a phone the picker stays within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
});
