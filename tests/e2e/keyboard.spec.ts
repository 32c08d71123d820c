// Keyboard-only journeys: the mobile menu, the contact form and the delete
// confirmation (the calendar's keys are in events-calendar.spec.ts).
import { expect, test } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";

import { serverUrl } from "../../playwright.config";
import { gotoHydrated, notices } from "./support/journeys";

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

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let step = 0; step < limit; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement))
      return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("the contact form is filled in and sent with the keyboard alone", async ({
  page,
}) => {
  await gotoHydrated(page, `${serverUrl("mutable")}/contact`);
  const name = page.getByRole("textbox", { name: /Name/ });
  await tabTo(page, name);
  await page.keyboard.type("Keyboard Visitor");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: /Email/ })).toBeFocused();
  await page.keyboard.type("keys@example.org");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: /Message/ })).toBeFocused();
  await page.keyboard.type("Sent without touching a mouse.");
  await page.keyboard.press("Tab");
  await expect(
    page.getByRole("button", { name: "Send Message" }),
  ).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(notices(page)).toContainText("Message Sent!");
  await expect(name).toHaveValue("");
});

test("the delete confirmation opens, cancels and confirms from the keyboard", async ({
  page,
}) => {
  await gotoHydrated(
    page,
    `${serverUrl("mutable")}/post/kyoto-in-the-quiet-hours`,
  );
  const deleteButton = page.getByRole("button", {
    name: "Delete",
    exact: true,
  });
  await tabTo(page, deleteButton);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", {
    name: "Are you sure you want to delete this post?",
  });
  await expect(dialog).toBeVisible();
  expect(
    await dialog.evaluate((node) => node.contains(document.activeElement)),
  ).toBe(true);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  await page.keyboard.press("Enter");
  await tabTo(page, dialog.getByRole("button", { name: "Delete Post" }), 6);
  await page.keyboard.press("Enter");
  // An anonymous visitor is refused; the keyboard path reaches the same outcome as a click.
  await expect(notices(page)).toContainText("Error Deleting Post");
});
