// Keyboard-only journeys. (The contact form, delete confirmation and
// calendar journeys join these once those screens are merged.)
import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";

import { serverUrl } from "../../playwright.config";

const base = serverUrl("seeded");

async function focusMenuButton(page: Page) {
  const button = page.getByRole("button", { name: "Open menu" });
  // Skip link, logo, then the menu button (the desktop links are hidden).
  for (let step = 0; step < 5; step += 1) {
    if (await button.evaluate((element) => element === document.activeElement))
      return button;
    await page.keyboard.press("Tab");
  }
  await expect(button).toBeFocused();
  return button;
}

for (const key of ["Enter", " "] as const) {
  test(`the mobile menu opens with ${key === " " ? "Space" : key}, keeps Tab inside, and Escape returns focus to the button`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/about`);
    const button = await focusMenuButton(page);
    await page.keyboard.press(key);
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");

    // Tab through every control and past the end: focus never leaves the menu.
    const stops = (await menu.locator("a[href], button").count()) + 2;
    for (let step = 0; step < stops; step += 1) {
      await page.keyboard.press("Tab");
      expect(
        await menu.evaluate((dialog) =>
          dialog.contains(document.activeElement),
        ),
      ).toBe(true);
    }
    for (let step = 0; step < stops; step += 1) {
      await page.keyboard.press("Shift+Tab");
      expect(
        await menu.evaluate((dialog) =>
          dialog.contains(document.activeElement),
        ),
      ).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });
}

test("choosing a link in the mobile menu with the keyboard closes it and navigates", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/`);
  const button = await focusMenuButton(page);
  await page.keyboard.press("Enter");
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("link", { name: "Contact" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/contact$/);
  await expect(menu).toBeHidden();
  await expect(button).toBeVisible();
  // The close button closes it too.
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await menu.getByRole("button", { name: "Close menu" }).focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
});
