import { expect, test } from "@playwright/test";

import { serverUrl } from "../../playwright.config";
import {
  gotoHydrated,
  holdTables,
  NO_HELD_SERVER,
  notices,
} from "./support/journeys";

test("the newest hiking post leads the page as 'Latest Adventure'", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/hiking");
  await expect(
    page.getByRole("heading", { level: 1, name: "Hiking & Nature" }),
  ).toBeVisible();
  const latest = page.getByRole("region", { name: "Latest Adventure" });
  await expect(latest.getByRole("heading", { level: 3 })).toHaveText(
    "Seven Lakes in One Long Day",
  );
  await expect(latest.locator("img")).toHaveAttribute("fetchpriority", "high");
  await latest.getByRole("link", { name: /Read the Story/ }).click();
  await expect(page).toHaveURL(serverUrl("seeded") + "/post/alpine-lakes-loop");
});

test("'Trail Philosophy' shows the cards in order with their icons, unknown names getting the default", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/hiking");
  const section = page.getByRole("region", { name: "Trail Philosophy" });
  const cards = section.getByRole("article");
  await expect(cards.getByRole("heading")).toHaveText([
    "Earn the View",
    "Find Your Own Bearing",
    "Think While You Walk",
    "Leave It Better",
  ]);
  const icons = ["Award", "Compass", "BrainCircuit", "Sparkles"];
  for (const [index, icon] of icons.entries()) {
    await expect(
      cards.nth(index).locator(`svg use[href$="#${icon}"]`),
    ).toHaveCount(1);
  }
});

test("'Recent Trail Adventures' lists hiking posts newest first, with the trail facts and their defaults", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(serverUrl("seeded") + "/hiking");
  const section = page.getByRole("region", { name: "Recent Trail Adventures" });
  const cards = section.getByRole("article");
  await expect(cards.getByRole("heading")).toHaveText([
    "Seven Lakes in One Long Day",
    "First Light on the Ridge",
    "Wildflowers at Table Rock",
    "A Rain Day on the Payette",
  ]);
  const facts = async (title: string) =>
    cards
      .filter({ hasText: title })
      .locator("dl > div")
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector("dt")?.textContent,
          row.querySelector("dd")?.textContent,
        ]),
      );
  expect(await facts("First Light on the Ridge")).toEqual([
    ["Location", "Sawtooth Ridge, Idaho"],
    ["Difficulty", "Challenging"],
    ["Distance", "11.2 miles"],
    ["Elevation gain", "3,400 ft"],
  ]);
  expect(await facts("Wildflowers at Table Rock")).toEqual([
    ["Location", "Table Rock, Boise Foothills"],
    ["Difficulty", "Easy"],
    ["Distance", "3.6 miles"],
    ["Elevation gain", "N/A"],
  ]);
  // No meta at all: every default.
  expect(await facts("A Rain Day on the Payette")).toEqual([
    ["Location", "Unknown Location"],
    ["Difficulty", "Moderate"],
    ["Distance", "N/A"],
    ["Elevation gain", "N/A"],
  ]);
  // Two columns on a wide screen.
  const [first, second] = await Promise.all([
    cards.nth(0).boundingBox(),
    cards.nth(1).boundingBox(),
  ]);
  expect(second?.y).toBe(first?.y);
  expect(second?.x).toBeGreaterThan((first?.x ?? 0) + (first?.width ?? 0) - 1);

  await cards.getByRole("link", { name: "A Rain Day on the Payette" }).click();
  await expect(page).toHaveURL(
    serverUrl("seeded") + "/post/rain-day-on-the-payette",
  );
});

test("'Share Your Trail Story' goes to /create-post, which lands on the home page", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/hiking");
  const cta = page.getByRole("region", { name: "Join the Adventure" });
  await expect(
    cta.getByRole("link", { name: "Share Your Trail Story" }),
  ).toHaveAttribute("href", "/create-post");
  await cta.getByRole("link", { name: "Share Your Trail Story" }).click();
  await expect(page).toHaveURL(serverUrl("seeded") + "/");
});

// The document comes with the loading texts while the posts table is held,
// and the sections stream in when it is free (decision 062).
test("a page whose lists are slow shows loading texts until both arrive", async ({
  page,
}) => {
  test.skip(NO_HELD_SERVER !== undefined, NO_HELD_SERVER);
  const held = await holdTables(["posts", "trail_philosophies"]);
  try {
    await page.goto(serverUrl("held") + "/hiking", { waitUntil: "commit" });
    await expect(page.getByText("Loading trail philosophy...")).toBeVisible();
    await expect(page.getByText("Loading trail adventures...")).toBeVisible();
  } finally {
    await held.release();
  }
  await expect(
    page.getByRole("region", { name: "Latest Adventure" }),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Trail Philosophy" }).getByRole("article"),
  ).toHaveCount(4);
});

test("with no content the page shows its empty states", async ({ page }) => {
  await page.goto(serverUrl("empty") + "/hiking");
  await expect(page.getByText("Trail Write-ups Coming Soon!")).toBeVisible();
  await expect(page.getByText("No Trail Philosophy Yet!")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Latest Adventure" }),
  ).toHaveCount(0);
  await expect(
    page.getByRole("link", { name: "Share Your Trail Story" }),
  ).toBeVisible();
});

test("a failed read is logged only: empty states, no notice", async ({
  page,
}) => {
  await gotoHydrated(page, serverUrl("broken") + "/hiking");
  await expect(page.getByText("Trail Write-ups Coming Soon!")).toBeVisible();
  await expect(page.getByText("No Trail Philosophy Yet!")).toBeVisible();
  await expect(notices(page)).toHaveCount(0);
});
