import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";

import { serverUrl } from "../../playwright.config";
import {
  cardTitles,
  expectNoAxeViolations,
  expectNotice,
  expectLoadingThenContent,
  NO_HELD_SERVER,
  gotoHydrated,
} from "./support/journeys";

function calendar(page: Page) {
  return page.getByRole("region", { name: "Community Calendar" });
}

test("Community shows the featured event, values, events, calendar and impact", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/community");
  await expect(
    page.getByRole("heading", { level: 1, name: "Community" }),
  ).toBeVisible();

  const featured = page.getByRole("region", { name: "Leadership Talk" });
  await expect(featured.getByText("Featured Event")).toBeVisible();
  await expect(featured.getByText("6:00 PM")).toBeVisible();
  await expect(featured.getByText("Boise Centre, Boise, Idaho")).toBeVisible();

  await expect(cardTitles(page, "Community Values")).toHaveText([
    "Belonging for Every Generation",
    "Generosity Without Scorekeeping",
    "Honest Conversation",
    "Rooted in Our City",
  ]);
  await expect(cardTitles(page, "Community Events")).toHaveText([
    "Monthly Mentoring Circle",
    "Trail Talks",
    "Live Music and Leadership Night",
    "Community Recognition Awards",
  ]);
  const hike = page.getByRole("article").filter({ hasText: "Trail Talks" });
  await expect(hike.getByText("Outdoors", { exact: true })).toBeVisible();
  await expect(hike.getByRole("listitem")).toHaveText([
    "Five to eight miles, moderate pace",
    "Leave-no-trace, carpools arranged",
  ]);
  await expect(hike.getByRole("listitem").locator("svg")).toHaveCount(2);

  // The fixed Leadership Breakfast is marked on 25 July 2025.
  await expect(calendar(page).getByRole("heading", { level: 3 })).toHaveText(
    "July 2025",
  );
  const breakfast = calendar(page).getByRole("button", {
    name: "Friday, July 25, 2025, Leadership Breakfast",
  });
  await expect(breakfast).toHaveAttribute("data-has-events", "true");
  await expect(
    calendar(page).getByText("Leadership Breakfast", { exact: true }),
  ).toBeVisible();
  await expect(calendar(page).getByText("7:30 AM")).toBeVisible();

  await expect(
    page
      .getByRole("region", { name: "Community Impact" })
      .getByRole("listitem"),
  ).toHaveText([
    "Fostering Mentorship",
    "Sparking Inspiration",
    "Mentoring Peers",
    "Championing People",
  ]);
  await page.getByRole("link", { name: "Get Involved" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("'Learn More & RSVP' goes to /contact and shows the not-implemented notice", async ({
  page,
}) => {
  await gotoHydrated(page, serverUrl("seeded") + "/community");
  const rsvp = page
    .getByRole("article")
    .filter({ hasText: "Trail Talks" })
    .getByRole("link", { name: "Learn More & RSVP" });
  await expect(rsvp).toHaveAccessibleDescription("Trail Talks");
  await rsvp.click();
  await expect(page).toHaveURL(/\/contact$/);
  await expectNotice(page, {
    title: "Feature Not Implemented",
    description:
      "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!",
    destructive: true,
  });
});

test("the calendar's weeks start on Sunday", async ({ page }) => {
  await page.goto(serverUrl("seeded") + "/community");
  const grid = calendar(page).getByRole("grid", { name: "July 2025" });
  const headers = grid.getByRole("columnheader");
  await expect(headers).toHaveCount(7);
  await expect(headers.first()).toHaveAccessibleName("Sunday");
  await expect(headers.last()).toHaveAccessibleName("Saturday");
  // 1 July 2025 was a Tuesday: the third cell of the first week.
  const firstWeek = grid.getByRole("row").nth(1).getByRole("gridcell");
  await expect(firstWeek.nth(0).getByRole("button")).toHaveCount(0);
  await expect(firstWeek.nth(1).getByRole("button")).toHaveCount(0);
  await expect(firstWeek.nth(2).getByRole("button")).toHaveAccessibleName(
    "Tuesday, July 1, 2025",
  );
});

test("the calendar changes month with the previous and next buttons", async ({
  page,
}) => {
  await gotoHydrated(page, serverUrl("seeded") + "/community");
  const title = calendar(page).getByRole("heading", { level: 3 });
  await expect(title).toHaveAttribute("aria-live", "polite");
  await calendar(page).getByRole("button", { name: "Next month" }).click();
  await expect(title).toHaveText("August 2025");
  await expect(
    calendar(page).getByRole("grid", { name: "August 2025" }),
  ).toBeVisible();
  const previous = calendar(page).getByRole("button", {
    name: "Previous month",
  });
  await previous.click();
  await previous.click();
  await expect(title).toHaveText("June 2025");
});

test("the calendar is usable from the keyboard alone", async ({ page }) => {
  await gotoHydrated(page, serverUrl("seeded") + "/community");
  const title = calendar(page).getByRole("heading", { level: 3 });
  const focusedDay = (name: string) =>
    expect(calendar(page).getByRole("button", { name })).toBeFocused();

  // One tab stop in the grid: the selected day.
  await calendar(page).getByRole("button", { name: "Next month" }).focus();
  await page.keyboard.press("Tab");
  await focusedDay("Friday, July 25, 2025, Leadership Breakfast");

  await page.keyboard.press("ArrowRight");
  await focusedDay("Saturday, July 26, 2025");
  await page.keyboard.press("ArrowDown");
  await expect(title).toHaveText("August 2025");
  await focusedDay("Saturday, August 2, 2025");
  await page.keyboard.press("Home");
  await expect(title).toHaveText("July 2025");
  await focusedDay("Sunday, July 27, 2025");
  await page.keyboard.press("PageDown");
  await focusedDay("Wednesday, August 27, 2025");
  await page.keyboard.press("ArrowUp");
  await focusedDay("Wednesday, August 20, 2025");

  await page.keyboard.press("Enter");
  await expect(
    calendar(page).getByRole("gridcell", { selected: true }),
  ).toHaveCount(1);
  await expect(
    calendar(page).getByText("Wednesday, August 20, 2025"),
  ).toBeVisible();
  await expect(
    calendar(page).getByText("No events on this day."),
  ).toBeVisible();

  await page.keyboard.press("PageUp");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await focusedDay("Friday, July 25, 2025, Leadership Breakfast");
  await page.keyboard.press("Space");
  await expect(
    calendar(page).getByText("Leadership Breakfast", { exact: true }),
  ).toBeVisible();
});

// The document comes with the loading texts while the lists' tables are
// held, and the sections stream in when they are free (decision 062).
test("a page whose lists are slow shows the loading texts first", async ({
  page,
}) => {
  test.skip(NO_HELD_SERVER !== undefined, NO_HELD_SERVER);
  await expectLoadingThenContent(page, {
    path: "/community",
    tables: ["community_values", "community_events"],
    loadingTexts: ["Loading values...", "Loading events..."],
    loaded: "Trail Talks",
  });
});

test("Community with no content shows empty lists and keeps the fixed parts", async ({
  page,
}) => {
  await page.goto(serverUrl("empty") + "/community");
  await expect(page.getByText("No Community Values Yet!")).toBeVisible();
  await expect(page.getByText("No Community Events Yet!")).toBeVisible();
  await expect(
    calendar(page).getByRole("grid", { name: "July 2025" }),
  ).toBeVisible();
  await expect(page.getByText("Championing People")).toBeVisible();
});

test("Community whose reads fail shows a plain notice and stays usable", async ({
  page,
}) => {
  await gotoHydrated(page, serverUrl("broken") + "/community");
  // Both reads fail; one notice at a time, so the later one (events) stays.
  await expectNotice(page, {
    title: "Error fetching community events",
    description:
      "The community events could not be loaded. Please try again later.",
    destructive: true,
  });
  await expect(page.getByText("No Community Values Yet!")).toBeVisible();
  await calendar(page).getByRole("button", { name: "Next month" }).click();
  await expect(calendar(page).getByRole("heading", { level: 3 })).toHaveText(
    "August 2025",
  );
  await page.getByRole("link", { name: "Get Involved" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("Community has no detectable accessibility violations", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/community");
  await expectNoAxeViolations(page);
});
