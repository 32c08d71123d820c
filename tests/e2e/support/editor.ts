// The post editor's steps that journeys share: a unique title, the save
// status, and "New post" (stored once it has a title).
import { randomBytes } from "node:crypto";

import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";

import { gotoHydrated } from "./journeys";

export function uniqueTitle(words: string): string {
  return `${words} ${randomBytes(3).toString("hex")}`;
}

export const saveStatus = (page: Page) =>
  page.getByRole("complementary", { name: "Publishing" }).getByRole("status");

export async function expectSaved(page: Page) {
  await expect(saveStatus(page)).toContainText(/^Saved /);
}

/** Opens "New post" from the post list (nothing is stored yet). */
export async function openNewPost(page: Page, base: string) {
  await gotoHydrated(page, `${base}/studio/posts`);
  await page.getByRole("link", { name: "New post" }).click();
  await expect(page).toHaveURL(`${base}/studio/posts/new`);
  await expect(page.getByRole("textbox", { name: "Body" })).toBeVisible();
}

/** Opens "New post" and gives it a title, which stores it; returns the stored post's address. */
export async function newPost(
  page: Page,
  base: string,
  title = uniqueTitle("Draft"),
): Promise<string> {
  await openNewPost(page, base);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(page).toHaveURL(/\/studio\/posts\/[0-9a-f-]{36}$/);
  await expectSaved(page);
  return page.url();
}
