import { expect, test } from "@playwright/test";
import type { BrowserContext, Page } from "@playwright/test";

import { serverUrl } from "../../playwright.config";
import {
  OWNER_EMAIL,
  OWNER_PASSWORD,
  signInAsOwner,
  visitorAddress,
} from "./support/auth";
import { gotoHydrated } from "./support/journeys";

const base = serverUrl("mutable");

/** Each journey is its own visitor, with its own sign-in rate limit. */
async function asNewVisitor(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
}

/**
 * With JavaScript, waits for the form to hydrate: submitted before, it posts
 * as a plain form and answers with the page's own notice, not the toast.
 */
async function openSignInAsNewVisitor(
  context: BrowserContext,
  page: Page,
  { hydrated = true } = {},
) {
  await asNewVisitor(context);
  if (hydrated) await gotoHydrated(page, `${base}/sign-in`);
  else await page.goto(`${base}/sign-in`);
}

const emailField = (page: Page) =>
  page.getByRole("textbox", { name: "Email", exact: true });
const passwordField = (page: Page) =>
  page.getByLabel("Password", { exact: true });

async function submitSignIn(page: Page, email: string, password: string) {
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

function toast(page: Page, title: string) {
  return page.getByRole("status").filter({ hasText: title });
}

const signedInText = `Signed in as Jordan Avery (${OWNER_EMAIL}).`;

test("the owner signs in and out without a reload, and other tabs follow", async ({
  context,
  page,
}) => {
  await openSignInAsNewVisitor(context, page);
  await expect(page).toHaveTitle("Sign In | Live Seasoned");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
    "content",
    "noindex",
  );
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", {
      name: /sign in/i,
    }),
  ).toHaveCount(0);
  const otherTab = await context.newPage();
  await otherTab.goto(`${base}/sign-in`);

  // A marker on window survives only if the page is not reloaded.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  await submitSignIn(page, OWNER_EMAIL, OWNER_PASSWORD);
  // With nothing asked for, signing in goes on to the studio.
  await expect(page).toHaveURL(`${base}/studio`);
  await expect(page.getByRole("navigation", { name: "Studio" })).toBeVisible();
  expect(await page.evaluate(() => "notReloaded" in window)).toBe(true);
  await expect(otherTab.getByText(signedInText)).toBeVisible();

  const [cookie] = (await context.cookies(base)).filter(
    (each) => each.name === "better-auth.session_token",
  );
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  // Beside it, the hint a public page's script reads (decision 062).
  const hint = async () =>
    (await context.cookies(base)).find((each) => each.name === "signed_in");
  expect(await hint()).toMatchObject({
    value: "1",
    httpOnly: false,
    sameSite: "Lax",
  });
  // Hydrated, or the click below would send the form without JavaScript
  // (its own journey below), where nothing moves the focus.
  await gotoHydrated(page, `${base}/sign-in`);
  await expect(page.getByText(signedInText)).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(emailField(page)).toBeFocused();
  await expect(page.getByText(signedInText)).toHaveCount(0);
  expect(await hint()).toBeUndefined();
  await expect(otherTab.getByRole("button", { name: "Sign in" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("a wrong password shows 'Sign in Failed' with the server's message", async ({
  context,
  page,
}) => {
  await openSignInAsNewVisitor(context, page);
  await submitSignIn(page, OWNER_EMAIL, "not-the-owners-password");
  const notice = toast(page, "Sign in Failed");
  await expect(notice).toContainText("Invalid email or password");
  await expect(passwordField(page)).toBeFocused();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await expect(page.getByText(/Signed in as/)).toHaveCount(0);
});

test("sign-in is limited to 5 attempts a minute per visitor", async ({
  context,
  page,
}) => {
  await openSignInAsNewVisitor(context, page);
  const attempt = async (password: string) => {
    const answered = page.waitForResponse("**/api/auth/sign-in/email");
    await submitSignIn(page, OWNER_EMAIL, password);
    return (await answered).status();
  };
  for (let count = 1; count <= 5; count += 1) {
    expect(await attempt(`wrong-guess-${count}`)).toBe(401);
  }
  expect(await attempt(OWNER_PASSWORD), "even the right password waits").toBe(
    429,
  );
  await expect(toast(page, "Sign in Failed")).toContainText(
    /Too many attempts\. Please wait \d+ seconds and try again\./,
  );
  await expect(page.getByText(/Signed in as/)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form signs the owner in and out, and shows a failure inline", async ({
    context,
    page,
  }) => {
    await openSignInAsNewVisitor(context, page, { hydrated: false });
    await submitSignIn(page, OWNER_EMAIL, "not-the-owners-password");
    await expect(page.getByRole("alert")).toHaveText(
      "Sign in Failed: Invalid email or password",
    );
    await expect(emailField(page)).toHaveValue(OWNER_EMAIL);

    await submitSignIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await expect(page).toHaveURL(`${base}/studio`);
    await page.goto(`${base}/sign-in`);
    await expect(page.getByText(signedInText)).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    expect(await context.cookies(base)).toEqual([]);
  });
});

test("public sign-up is refused by the server with a clear message", async ({
  context,
  page,
}) => {
  await asNewVisitor(context);
  const response = await page.request.post(`${base}/api/auth/sign-up/email`, {
    data: {
      email: "visitor@example.test",
      password: "a-long-enough-password",
      name: "Visitor",
    },
    headers: { origin: base },
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({
    message: "Email and password sign up is not enabled",
  });
  await page.goto(`${base}/sign-in`);
  await expect(page.getByRole("link", { name: /sign up/i })).toHaveCount(0);
});

test("a reader's page view asks nothing of the session; the owner's asks once, after loading", async ({
  page,
}) => {
  const lookups: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/get-session")) {
      lookups.push(request.url());
    }
  });
  // The page script, which would ask, has run once the page has loaded.
  await gotoHydrated(page, `${base}/about`);
  expect(lookups).toEqual([]);

  await signInAsOwner(page, base);
  lookups.length = 0;
  await page.goto(`${base}/about`);
  await expect.poll(() => lookups.length).toBe(1);
  await expect(page.getByRole("link", { name: "Studio" })).toBeVisible();
  await page.goto(`${base}/sign-in`);
  await expect(page.getByText(signedInText)).toBeVisible();
});
