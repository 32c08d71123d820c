// The owner's inbox on the "mail" server: a message from the public contact
// form arrives unread, reading it marks it read, and a notification the SMTP
// server refuses shows as failing until "Retry now" delivers it, once.
import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { startLoopbackSmtp } from "~tests/support/smtp";

import { mailSmtpPort, serverUrl } from "../../playwright.config";
import { signInAsOwner } from "./support/auth";
import {
  expectNoAxeViolations,
  gotoHydrated,
  sendContactMessage,
} from "./support/journeys";

// Many screens one after another, on a busy machine.
test.setTimeout(90_000);

const base = serverUrl("mail");

function inboxEntry(page: Page, token: string) {
  return page
    .getByRole("list", { name: "Inbox" })
    .getByRole("link")
    .filter({ hasText: token });
}

test("a message from the contact form arrives unread; reading it marks it read; it can be marked unread, archived and deleted", async ({
  page,
  browser,
}) => {
  const token = `inbox-${Date.now()}`;
  // The message mails the owner: the journey is the mailbox until it has
  // arrived, so the mail server keeps nothing to retry after it.
  const smtp = await startLoopbackSmtp({ port: mailSmtpPort });
  let message: string;
  try {
    message = await sendContactMessage(browser, base, "Quinn Harper", token);
    await expect
      .poll(() => smtp.mails.filter((mail) => mail.raw.includes(token)).length)
      .toBe(1);
  } finally {
    await smtp.close();
  }

  await signInAsOwner(page, base);
  await gotoHydrated(page, `${base}/studio/messages`);
  const nav = page.getByRole("navigation", { name: "Studio" });
  await expect(
    nav.getByRole("link", { name: /^Messages \d+ unread$/ }),
  ).toBeVisible();
  const entry = inboxEntry(page, token);
  await expect(entry).toHaveAccessibleName(/^Unread: Quinn Harper/);
  await expectNoAxeViolations(page);

  await entry.click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Message from Quinn Harper" }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Message" })).toHaveText(
    message,
  );
  const reply = page.getByRole("link", { name: "Reply" });
  const href = (await reply.getAttribute("href")) ?? "";
  expect(href).toMatch(/^mailto:quinn\.harper@example\.org\?subject=Re%3A/);
  expect(decodeURIComponent(href)).toContain(
    `> Could we talk about a workshop? (${token})\n> Thanks!`,
  );
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Back to the inbox" }).click();
  await expect(inboxEntry(page, token)).toHaveAccessibleName(/^Quinn Harper/);

  await inboxEntry(page, token).click();
  await page.getByRole("button", { name: "Mark unread" }).click();
  await expect(page).toHaveURL(`${base}/studio/messages`);
  await expect(inboxEntry(page, token)).toHaveAccessibleName(/^Unread: /);

  await inboxEntry(page, token).click();
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Archived" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(`${base}/studio/messages?folder=trash`);
  await page
    .getByRole("list", { name: "Trash" })
    .getByRole("link")
    .filter({ hasText: token })
    .click();
  await page.getByRole("button", { name: "Restore" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Restored" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Back to the archive" }).click();
  await expect(
    page
      .getByRole("list", { name: "Archived" })
      .getByRole("link")
      .filter({ hasText: token }),
  ).toBeVisible();
});

test("a notification the SMTP server refuses shows as failing, on the dashboard too; Retry now delivers it once the server is back", async ({
  page,
  browser,
}) => {
  // The owner's mailbox, refusing mail for now (451, try later).
  const smtp = await startLoopbackSmtp({ port: mailSmtpPort });
  smtp.mode = "reject";
  try {
    const token = `retry-${Date.now()}`;
    await sendContactMessage(browser, base, "Rowan Failwell", token);
    await signInAsOwner(page, base);
    await gotoHydrated(page, `${base}/studio/messages`);
    await inboxEntry(page, token).click();
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "Message from Rowan Failwell",
      }),
    ).toBeVisible();

    // Two failed attempts: the outbox's next try is then 8 s or more away.
    const delivery = page.getByRole("region", { name: /Notification mail/ });
    await expect(async () => {
      await page.reload();
      await expect(delivery).toContainText(/Failing after [2-9] attempts/, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(delivery).toContainText("Last error:");
    await expect(delivery).toContainText("451");

    await gotoHydrated(page, `${base}/studio`);
    const warning = page.getByRole("region", {
      name: "Notification mail is failing",
    });
    await expect(
      warning.getByRole("link", { name: "Message from Rowan Failwell" }),
    ).toBeVisible();
    await warning
      .getByRole("link", { name: "Message from Rowan Failwell" })
      .first()
      .click();

    smtp.mode = "accept";
    await page.getByRole("button", { name: "Retry now" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Retrying now" }),
    ).toBeVisible();
    const delivered = () =>
      smtp.mails.filter((mail) => mail.raw.includes(token)).length;
    await expect.poll(delivered, { timeout: 15_000 }).toBe(1);
    await expect(async () => {
      await page.reload();
      await expect(delivery).toContainText("Mail sent", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    expect(delivered()).toBe(1);
  } finally {
    await smtp.close();
  }
});
