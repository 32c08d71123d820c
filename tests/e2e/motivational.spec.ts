import { expect, test } from "@playwright/test";

import { serverUrl } from "../../playwright.config";
import {
  cardTitles,
  expectNoAxeViolations,
  expectNotice,
  expectLoadingThenContent,
  NO_HELD_SERVER,
} from "./support/journeys";

test("Motivational shows its cards in display order and invites a story", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/motivational");
  await expect(
    page.getByRole("heading", { level: 1, name: "Motivational Hub" }),
  ).toBeVisible();
  await expect(cardTitles(page, "Daily Inspiration")).toHaveText([
    "Start Before You Feel Ready",
    "Lead With Heart",
    "Resilience Is a Practice",
    "Train Your Mind Like a Muscle",
    "Keep the Fire Lit",
  ]);
  const card = page
    .getByRole("article")
    .filter({ hasText: "Resilience Is a Practice" });
  await expect(card.getByText(/Setbacks are not verdicts/)).toBeVisible();
  await expect(card.locator("blockquote")).toHaveText(
    "Fall seven times, stand up eight.",
  );
  // Each card has its icon, the unknown name ("Flame") included.
  await expect(card.locator("svg")).not.toHaveCount(0);
  await expect(
    page
      .getByRole("article")
      .filter({ hasText: "Keep the Fire Lit" })
      .locator("svg")
      .first(),
  ).toBeVisible();

  await page.getByRole("link", { name: "Share Your Motivation" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

// The document comes with the loading texts while the lists' tables are
// held, and the sections stream in when they are free (decision 062).
test("a page whose lists are slow shows 'Loading inspiration...' first", async ({
  page,
}) => {
  test.skip(NO_HELD_SERVER !== undefined, NO_HELD_SERVER);
  await expectLoadingThenContent(page, {
    path: "/motivational",
    tables: ["motivational_sections"],
    loadingTexts: ["Loading inspiration..."],
    loaded: "Lead With Heart",
  });
});

test("Motivational with no content shows its empty state", async ({ page }) => {
  await page.goto(serverUrl("empty") + "/motivational");
  await expect(page.getByText("No Motivational Sections Yet!")).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Share Your Motivation" }),
  ).toBeVisible();
});

test("Motivational whose read fails shows the notice and stays usable", async ({
  page,
}) => {
  await page.goto(serverUrl("broken") + "/motivational");
  await expectNotice(page, {
    title: "Error",
    description: "Could not fetch motivational content.",
    destructive: false,
  });
  await expect(page.getByText("No Motivational Sections Yet!")).toBeVisible();
  await page.getByRole("link", { name: "Share Your Motivation" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("Motivational has no detectable accessibility violations", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/motivational");
  await expectNoAxeViolations(page);
});
