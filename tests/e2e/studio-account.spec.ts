// The owner's account: a password change signs out every other session, the
// session list signs out everywhere else, and sign out ends this one. Uses
// an owner no other journey signs in as (KEYHOLDER), and changes the
// password back at the end.
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { serverUrl } from "../../playwright.config";
import {
  KEYHOLDER_EMAIL,
  KEYHOLDER_PASSWORD,
  signInAs,
  visitorAddress,
} from "./support/auth";
import { expectNoAxeViolations, gotoHydrated } from "./support/journeys";

// Many screens one after another, on a busy machine.
test.setTimeout(90_000);

const base = serverUrl("mutable");
const NEW_PASSWORD = "a-brand-new-passphrase-for-kim";

async function signedInPage(browser: Browser, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, base, KEYHOLDER_EMAIL, password);
  return page;
}

async function signInWorks(page: Page, password: string) {
  const response = await page.request.post(`${base}/api/auth/sign-in/email`, {
    data: { email: KEYHOLDER_EMAIL, password },
    headers: { origin: base, "x-forwarded-for": visitorAddress() },
  });
  return response.ok();
}

async function changePassword(page: Page, current: string, next: string) {
  await page.getByLabel("Current password").fill(current);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("New password again").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Password changed" }),
  ).toBeVisible();
}

async function expectSignedOut(page: Page) {
  await page.goto(`${base}/studio`);
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fstudio$/);
}

test("changing the password signs out the other sessions; sign out everywhere else and sign out work", async ({
  browser,
}) => {
  const here = await signedInPage(browser, KEYHOLDER_PASSWORD);
  const elsewhere = await signedInPage(browser, KEYHOLDER_PASSWORD);

  await gotoHydrated(here, `${base}/studio/account`);
  await expect(
    here.getByRole("heading", { level: 1, name: "Account" }),
  ).toBeVisible();
  const sessions = here.getByRole("region", { name: "Active sessions" });
  await expect(sessions.getByText("This browser")).toHaveCount(1);
  await expect(sessions.getByRole("listitem")).not.toHaveCount(1);
  await expectNoAxeViolations(here);

  // A wrong current password changes nothing.
  await here.getByLabel("Current password").fill("not-the-password-at-all");
  await here.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await here.getByLabel("New password again").fill(NEW_PASSWORD);
  await here.getByRole("button", { name: "Change password" }).click();
  await expect(here.getByLabel("Current password")).toHaveAccessibleDescription(
    "This is not your password.",
  );

  await changePassword(here, KEYHOLDER_PASSWORD, NEW_PASSWORD);
  await expectSignedOut(elsewhere);
  await gotoHydrated(here, `${base}/studio/account`);
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  expect(await signInWorks(elsewhere, KEYHOLDER_PASSWORD)).toBe(false);

  // Sign out everywhere else.
  const another = await signedInPage(browser, NEW_PASSWORD);
  await gotoHydrated(here, `${base}/studio/account`);
  await here.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(
    here.getByRole("status").filter({ hasText: "Signed out everywhere else" }),
  ).toBeVisible();
  await expectSignedOut(another);

  // Back to the first password, so the journey can run again.
  await changePassword(here, NEW_PASSWORD, KEYHOLDER_PASSWORD);

  await here.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(here).toHaveURL(`${base}/sign-in`);
  await expectSignedOut(here);
});
