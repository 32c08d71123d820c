import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";

import { parseDay, siteToday } from "~/components/calendar/dates";
import { defaultSettings } from "~/config/default-settings";
import { site } from "~/config/site";
import { sampleEvents } from "~/lib/events";

import { serverUrl } from "../../playwright.config";
import {
  collectScriptErrors,
  expectNoAxeViolations,
  gotoHydrated,
} from "./support/journeys";

/** Today on the journey servers, which keep the demo settings' time zone. */
const demoToday = () => siteToday(new Date(), defaultSettings.timeZone);

/** "November 2026": this month where the site's events happen. */
function monthTitle(offset = 0): string {
  const day = parseDay(demoToday());
  const month = new Date(day.getFullYear(), day.getMonth() + offset, 1, 12);
  return new Intl.DateTimeFormat("en-US", {
    month: "long",
    year: "numeric",
  }).format(month);
}

function calendar(page: Page) {
  return page.getByRole("region", { name: "Calendar" });
}

test("the Events Calendar opens on this month, Sunday first, and hydrates cleanly", async ({
  page,
}) => {
  const errors = collectScriptErrors(page);
  await gotoHydrated(page, serverUrl("seeded") + "/events-calendar");
  await expect(
    page.getByRole("heading", { level: 1, name: "Events Calendar" }),
  ).toBeVisible();
  await expect(calendar(page).getByRole("heading", { level: 3 })).toHaveText(
    monthTitle(),
  );
  const headers = calendar(page).getByRole("columnheader");
  await expect(headers.first()).toHaveAccessibleName("Sunday");
  await expect(headers.nth(1)).toHaveAccessibleName("Monday");
  const today = calendar(page).locator('button[aria-current="date"]');
  await expect(today).toHaveCount(1);
  await expect(today).toHaveAttribute("tabindex", "0");
  // The page is interactive: the next month shows.
  await calendar(page).getByRole("button", { name: "Next month" }).click();
  await expect(calendar(page).getByRole("heading", { level: 3 })).toHaveText(
    monthTitle(1),
  );
  expect(errors).toEqual([]);
});

test("Upcoming Events lists the hike at 9:00 AM and the talk at 6:00 PM, both ahead", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/events-calendar");
  const upcoming = page.getByRole("region", { name: "Upcoming Events" });
  await expect(upcoming.getByRole("heading", { level: 3 })).toHaveText([
    "Community Hike",
    "Leadership Talk",
  ]);
  const day = demoToday();
  const [hike, talk] = sampleEvents(parseDay(day));
  for (const [event, time] of [
    [hike, "9:00 AM"],
    [talk, "6:00 PM"],
  ] as const) {
    expect(event.date > day).toBe(true);
    const card = upcoming.getByRole("article").filter({ hasText: event.title });
    await expect(card.getByText(time, { exact: true })).toBeVisible();
    await expect(card.getByText(event.location)).toBeVisible();
    await expect(card.locator(`time[datetime="${event.date}"]`)).toHaveText(
      new Intl.DateTimeFormat("en-US", {
        weekday: "long",
        month: "long",
        day: "numeric",
        year: "numeric",
      }).format(parseDay(event.date)),
    );
  }
});

test("days with events are marked and show their events when chosen", async ({
  page,
}) => {
  await gotoHydrated(page, serverUrl("seeded") + "/events-calendar");
  const hikeDay = calendar(page).getByRole("button", {
    name: /, Community Hike$/,
  });
  // The hike is at most two weeks away: this month or the next.
  if ((await hikeDay.count()) === 0) {
    await calendar(page).getByRole("button", { name: "Next month" }).click();
  }
  await expect(hikeDay).toHaveAttribute("data-has-events", "true");
  await hikeDay.click();
  await expect(
    calendar(page).getByText("Community Hike", { exact: true }),
  ).toBeVisible();
  await expect(calendar(page).getByText("9:00 AM")).toBeVisible();
});

test("the calendar works from the keyboard", async ({ page }) => {
  await gotoHydrated(page, serverUrl("seeded") + "/events-calendar");
  const title = calendar(page).getByRole("heading", { level: 3 });
  await calendar(page).getByRole("button", { name: "Next month" }).focus();
  await page.keyboard.press("Tab");
  await expect(
    calendar(page).locator('button[aria-current="date"]'),
  ).toBeFocused();
  await page.keyboard.press("PageDown");
  await expect(title).toHaveText(monthTitle(1));
  await page.keyboard.press("Shift+PageDown");
  await expect(title).toHaveText(monthTitle(13));
  await page.keyboard.press("Shift+PageUp");
  await page.keyboard.press("PageUp");
  await expect(title).toHaveText(monthTitle());
  await expect(
    calendar(page).locator('button[aria-current="date"]'),
  ).toBeFocused();
});

test("the Events Calendar is reachable but not in the header navigation", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(serverUrl("seeded") + "/community");
  await expect(
    page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /calendar/i }),
  ).toHaveCount(0);
  await page.getByRole("link", { name: "See the Events Calendar" }).click();
  await expect(page).toHaveURL(/\/events-calendar$/);
  await expect(page).toHaveTitle(`Events Calendar | Live ${site.productName}`);
  await expect(calendar(page).getByRole("heading", { level: 3 })).toHaveText(
    monthTitle(),
  );
});

test("the Events Calendar has no detectable accessibility violations", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/events-calendar");
  await expectNoAxeViolations(page);
});
