// The newsletter on the "mail" server (docs/decisions/060): the owner turns it
// on in Settings; a reader signs up from Home, reads the confirmation on a
// real loopback SMTP server as a mail client would (mailparser), confirms,
// and leaves with one click, from the page's one button or by the RFC 8058
// POST a mail client sends. Turned off again, Home shows the spec's notice.
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { simpleParser } from "mailparser";

import { startLoopbackSmtp } from "~tests/support/smtp";
import type { LoopbackSmtp } from "~tests/support/smtp";

import { mailSmtpPort, serverUrl } from "../../playwright.config";
import { OWNER_EMAIL, signInAsOwner, visitorAddress } from "./support/auth";
import { expectNoAxeViolations, gotoHydrated } from "./support/journeys";

// Several screens and mails one after another, on a busy machine.
test.setTimeout(120_000);
// Both journeys turn the one server's newsletter on and off again.
test.describe.configure({ mode: "serial" });

const base = serverUrl("mail");
const listName = "Seasoned Notes";
const promise = "One letter when a new post is out, nothing else.";

async function saveNewsletter(page: Page, on: boolean) {
  await gotoHydrated(page, `${base}/studio/settings`);
  const group = page.getByRole("group", { name: "Newsletter" });
  await group
    .getByRole("combobox", { name: "Newsletter" })
    .selectOption(on ? "on" : "off");
  await group.getByRole("textbox", { name: "List name" }).fill(listName);
  await group.getByRole("textbox", { name: "Promise" }).fill(promise);
  await group.getByRole("button", { name: "Save newsletter" }).click();
  await expect(
    page
      .getByRole("region", { name: "Notifications (F8)" })
      .getByRole("listitem")
      .filter({ hasText: on ? "Newsletter on" : "Newsletter off" }),
  ).toBeVisible();
}

/** The reader's side: sign up from Home and read the confirmation mail's links. */
async function signUp(browser: Browser, smtp: LoopbackSmtp, email: string) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": visitorAddress() },
  });
  const page = await context.newPage();
  await gotoHydrated(page, `${base}/`);
  const form = page.getByRole("form", { name: "Join the Newsletter" });
  await expect(page.getByText(promise)).toBeVisible();
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Check your inbox" }),
  ).toBeVisible();

  await expect
    .poll(() => smtp.mails.filter((mail) => mail.to.includes(email)).length)
    .toBe(1);
  const raw = smtp.mails.find((mail) => mail.to.includes(email))?.raw ?? "";
  const parsed = await simpleParser(raw);
  expect(parsed.subject).toBe(`Confirm your subscription to ${listName}`);
  const text = parsed.text ?? "";
  const confirm = /\S+\/newsletter\/confirm\?token=\S+/.exec(text)?.[0];
  const leave = /\S+\/newsletter\/unsubscribe\?token=\S+/.exec(text)?.[0];
  expect(confirm).toBeDefined();
  expect(leave).toBeDefined();
  return { page, context, confirm: confirm ?? "", leave: leave ?? "" };
}

test("the owner turns the newsletter on; a reader signs up, confirms from the mail, and leaves with one click", async ({
  page,
  browser,
}) => {
  const smtp = await startLoopbackSmtp({ port: mailSmtpPort });
  await signInAsOwner(page, base);
  try {
    await saveNewsletter(page, true);
    await expectNoAxeViolations(page);

    // Reader one: confirms, then leaves through the page's one button.
    const one = `reader-one-${Date.now()}@example.org`;
    const first = await signUp(browser, smtp, one);
    await expectNoAxeViolations(first.page);
    await first.page.goto(first.confirm);
    await expect(
      first.page.getByRole("heading", {
        level: 1,
        name: "Subscription confirmed",
      }),
    ).toBeVisible();
    // The link works once.
    await first.page.reload();
    await expect(
      first.page.getByRole("heading", {
        level: 1,
        name: "This link does not work",
      }),
    ).toBeVisible();

    // Opening the unsubscribe link changes nothing (mail scanners follow links).
    await first.page.goto(first.leave);
    await first.page.reload();
    const main = first.page.getByRole("main");
    await expect(main.getByRole("button")).toHaveCount(1);
    await expectNoAxeViolations(first.page);
    await main.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(
      first.page.getByRole("heading", {
        level: 1,
        name: "You are unsubscribed",
      }),
    ).toBeVisible();
    await first.context.close();

    // Reader two: the one-click POST a mail client sends, with no cookie.
    const two = `reader-two-${Date.now()}@example.org`;
    const second = await signUp(browser, smtp, two);
    await second.page.goto(second.confirm);
    await expect(
      second.page.getByRole("heading", { name: "Subscription confirmed" }),
    ).toBeVisible();
    const response = await second.context.request.post(second.leave, {
      form: { "List-Unsubscribe": "One-Click" },
      headers: { cookie: "" },
    });
    expect(response.status()).toBe(200);
    await second.page.goto(second.leave);
    await expect(
      second.page.getByRole("heading", { name: "You are unsubscribed" }),
    ).toBeVisible();
    // An unknown token is said to be so, and changes nothing.
    const unknown = await second.context.request.post(
      `${base}/newsletter/unsubscribe?token=not-a-token`,
      { form: { "List-Unsubscribe": "One-Click" } },
    );
    expect(unknown.status()).toBe(404);

    // The same address again the same day: the same answer, and no second mail.
    await signUpAgain(browser, two);
    expect(smtp.mails.filter((mail) => mail.to.includes(two))).toHaveLength(1);
    await second.context.close();
  } finally {
    await saveNewsletter(page, false);
    await smtp.close();
  }

  // Off again: Home's form is the spec's, which sends nothing.
  await gotoHydrated(page, `${base}/`);
  const email = page
    .getByRole("form", { name: "Join the Newsletter" })
    .getByRole("textbox", { name: "Email address" });
  await expect(email).not.toHaveAttribute("name");
});

async function signUpAgain(browser: Browser, email: string) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": visitorAddress() },
  });
  const page = await context.newPage();
  await gotoHydrated(page, `${base}/`);
  const form = page.getByRole("form", { name: "Join the Newsletter" });
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Check your inbox" }),
  ).toBeVisible();
  await context.close();
}

test("the owner previews a post's mail, sends a test to themself, sends it to the list and watches it go out, at 390 and 1280 px", async ({
  page,
  browser,
}) => {
  const smtp = await startLoopbackSmtp({ port: mailSmtpPort });
  await signInAsOwner(page, base);
  try {
    await saveNewsletter(page, true);
    const email = `reader-three-${Date.now()}@example.org`;
    const reader = await signUp(browser, smtp, email);
    await reader.page.goto(reader.confirm);
    await expect(
      reader.page.getByRole("heading", { name: "Subscription confirmed" }),
    ).toBeVisible();
    await reader.context.close();

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, `${base}/studio/newsletter`);
      await expect(
        page.getByRole("heading", { level: 1, name: "Newsletter" }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    }
    const subscribers = page.getByRole("region", { name: "Subscribers" });
    await expect(subscribers.getByText("Confirmed")).toBeVisible();

    const unsent = page.getByRole("region", { name: "Posts not yet sent" });
    const first = unsent.getByRole("listitem").first();
    const previewLink = first.getByRole("link", { name: /^Preview / });
    const title = ((await previewLink.textContent()) ?? "")
      .replace(/^Preview\s*/, "")
      .trim();

    // The preview is the mail's own HTML, as sent.
    const preview = await page.request.get(
      `${base}${(await previewLink.getAttribute("href")) ?? ""}`,
    );
    expect(preview.status()).toBe(200);
    expect(await preview.text()).toContain("Unsubscribe");

    // A test copy to the owner, from the keyboard.
    await first.getByRole("button", { name: /^Send a test to me/ }).focus();
    await page.keyboard.press("Enter");
    await expect(
      page
        .getByRole("region", { name: "Notifications (F8)" })
        .getByRole("listitem")
        .filter({ hasText: "Test sent" }),
    ).toBeVisible();
    await expect
      .poll(() => smtp.mails.filter((m) => m.to.includes(OWNER_EMAIL)).length)
      .toBeGreaterThan(0);

    const send = first.getByRole("button", {
      name: /^Send to \d+ subscribers?/,
    });
    const count = Number(
      /Send to (\d+)/.exec((await send.textContent()) ?? "")?.[1],
    );
    expect(count).toBeGreaterThanOrEqual(1);
    await send.click();
    await expect(
      page
        .getByRole("region", { name: "Notifications (F8)" })
        .getByRole("listitem")
        .filter({
          hasText: `Queued for ${count} subscriber${count === 1 ? "" : "s"}`,
        }),
    ).toBeVisible();

    // Progress: the row shows every mail sent, and nothing failed.
    const row = page
      .getByRole("region", { name: "Sends" })
      .getByRole("row")
      .filter({ hasText: title });
    await expect(row.getByRole("cell").nth(1)).toHaveText(String(count), {
      timeout: 30_000,
    });
    await expect(row.getByRole("cell").nth(0)).toHaveText("0");

    const received = smtp.mails.filter((m) => m.to.includes(email));
    expect(received).toHaveLength(2);
    const parsed = await simpleParser(received[1]?.raw ?? "");
    expect(parsed.subject).toContain(listName);
    // As a mail client reads it: the one-click address of this reader.
    const list = parsed.headers.get("list") as
      { unsubscribe?: { url?: string } } | undefined;
    expect(list?.unsubscribe?.url).toMatch(
      /\/newsletter\/unsubscribe\?token=[\w-]{43}$/,
    );
    expect(parsed.html).toContain("Unsubscribe");
    // The post is gone from the list of posts not yet sent: it goes once.
    await expect(
      unsent.getByRole("link", { name: `Preview ${title}`, exact: true }),
    ).toHaveCount(0);

    // The dashboard names the list and the last send.
    await gotoHydrated(page, `${base}/studio`);
    await expect(page.getByText(`last send "${title}"`)).toBeVisible();

    // The Subscribers screen: searched, exported, one removed with its consent.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, `${base}/studio/newsletter/subscribers`);
      await expectNoAxeViolations(page);
    }
    await page.getByRole("searchbox", { name: "Search addresses" }).fill(email);
    await page.keyboard.press("Enter");
    const addresses = page.getByRole("list", { name: "Subscribers" });
    await expect(addresses.getByRole("listitem")).toHaveCount(1);
    await expect(addresses).toContainText("confirmed");
    const csv = await page.request.get(
      `${base}/studio/newsletter/subscribers.csv`,
    );
    expect(await csv.text()).toContain(`"${email}","confirmed"`);
    await addresses.getByRole("button", { name: `Remove ${email}` }).click();
    await expect(
      page
        .getByRole("region", { name: "Notifications (F8)" })
        .getByRole("listitem")
        .filter({ hasText: "Removed" }),
    ).toBeVisible();
    await expect(addresses.getByRole("listitem")).toHaveCount(0);

    // Imported back from CSV: a broken row names its line and stores nothing;
    // the mended file brings the address back, confirmed on the owner's word.
    const imported = `imported-${Date.now()}@example.test`;
    const importForm = page.getByRole("region", { name: "Import addresses" });
    const importFile = async (rows: string[]) => {
      await importForm.getByLabel("CSV file").setInputFiles({
        name: "list.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(["email", ...rows].join("\n")),
      });
      await importForm
        .getByRole("textbox", { name: "Where they agreed to be mailed" })
        .fill("My March workshop");
      await importForm
        .getByRole("checkbox", { name: /Everyone in this file agreed/ })
        .check();
      await importForm.getByRole("button", { name: "Import" }).click();
    };
    await importFile([imported, "not an address"]);
    await expect(importForm.getByRole("alert")).toContainText(
      'Line 3: "not an address" is not an email address.',
    );
    await importFile([imported, imported.toUpperCase()]);
    await expect(
      page
        .getByRole("region", { name: "Notifications (F8)" })
        .getByRole("listitem")
        .filter({ hasText: "1 added" }),
    ).toBeVisible();
    await page
      .getByRole("searchbox", { name: "Search addresses" })
      .fill(imported);
    await page.keyboard.press("Enter");
    await expect(addresses.getByRole("listitem")).toHaveCount(1);
    await expect(addresses).toContainText("confirmed");
    await expect(addresses).toContainText("on import");
  } finally {
    await saveNewsletter(page, false);
    await smtp.close();
  }
});
