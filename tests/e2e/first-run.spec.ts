// The first day in the browser (docs/AUTH.md): a server started on a fresh
// embedded database prints a one-time setup address; the owner is created
// there, resets the password by mail, and signs in at 127.0.0.1, at
// localhost and at [::1]. Restarted with SITE_URL, a sign-in elsewhere says where to go.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";

import { freePort, launchServer } from "~scripts/lib/server";
import type { RunningServer } from "~scripts/lib/server";
import { startLoopbackSmtp } from "~tests/support/smtp";
import type { LoopbackSmtp } from "~tests/support/smtp";

import { gotoHydrated } from "./support/journeys";

test.describe.configure({ mode: "serial" });

const OWNER = {
  name: "Jordan Avery",
  email: "jordan@example.test",
  password: "first-day-password-123",
};
const NEW_PASSWORD = "a-new-password-from-mail";

let server: RunningServer;
let smtp: LoopbackSmtp;
let port: number;
let log: string;
const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "first-run-")), "db");

const at = (host: string, address = "") => `http://${host}:${port}${address}`;

test.beforeAll(async () => {
  // A new embedded database takes a while on a busy machine.
  test.setTimeout(180_000);
  smtp = await startLoopbackSmtp();
  port = await freePort();
  log = path.join(tmpdir(), `first-run-${process.pid}.log`);
  server = await launchServer({
    name: "the first-run server",
    port,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      SITE_URL: undefined,
      // As `npm start` runs it: on every address, IPv6 and IPv4.
      HOST: undefined,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LOG_LEVEL: "info",
    },
    log,
    readyTimeoutMs: 150_000,
  });
});

test.afterAll(async () => {
  await server.stop();
  await smtp.close();
});

async function signIn(page: Page, base: string, password: string) {
  await gotoHydrated(page, `${base}/sign-in`);
  await page
    .getByRole("textbox", { name: "Email", exact: true })
    .fill(OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signed in with nothing asked for, the owner goes on to the studio.
  await expect(page).toHaveURL(`${base}/studio`);
}

test("the printed setup address creates the owner once, then answers 404", async ({
  page,
}) => {
  const printed = /(http:\/\/\S+\/setup\?token=[\w-]+)/.exec(
    readFileSync(log, "utf8"),
  )?.[1];
  expect(printed, "the server printed a setup address").toBeTruthy();
  const address = printed ?? "";
  expect(new URL(address).origin).toBe(at("localhost"));

  await page.goto(at("127.0.0.1", "/sign-in"));
  await expect(page.getByText("This site has no owner yet.")).toBeVisible();
  await expect(page.getByText("/setup?token=…")).toBeVisible();

  const wrong = await page.goto(at("127.0.0.1", "/setup?token=made-up"));
  expect(wrong?.status()).toBe(404);

  await gotoHydrated(page, address);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await page.getByLabel("Your name").fill(OWNER.name);
  await page.getByRole("textbox", { name: "Email" }).fill(OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await page.getByLabel("Password again").fill("not the same password");
  await page
    .getByRole("button", { name: "Create the owner's account" })
    .click();
  await expect(page.getByRole("alert")).toContainText(
    "The two passwords differ.",
  );
  await page.getByLabel("Password again").fill(OWNER.password);
  await page
    .getByRole("button", { name: "Create the owner's account" })
    .click();
  await expect(page).toHaveURL(at("localhost", "/studio"));
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  const again = await page.goto(address);
  expect(again?.status(), "the token is void once used").toBe(404);
  await page.goto(at("localhost", "/sign-in"));
  await expect(page.getByText("This site has no owner yet.")).toHaveCount(0);

  const token = new URL(address).searchParams.get("token") ?? "";
  const lines = readFileSync(log, "utf8").split("\n");
  expect(
    lines.filter((line) => line.includes(token)),
    "the token is printed once, in the banner, and never logged",
  ).toEqual([`  ${address}`]);
});

test("a password reset by mail: one link, for the owner only, used once", async ({
  page,
}) => {
  await gotoHydrated(page, at("127.0.0.1", "/sign-in"));
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(
    page.getByRole("heading", { name: "Forgot Your Password?" }),
  ).toBeVisible();
  const ask = async (email: string) => {
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "on its way" }),
    ).toBeVisible();
  };
  await ask("somebody-else@example.test");
  await ask(OWNER.email);
  await expect.poll(() => smtp.mails.length, { timeout: 20_000 }).toBe(1);
  const [mail] = smtp.mails;
  expect(mail?.to).toEqual([OWNER.email]);
  const link = /(http:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(
    // The body may be quoted-printable: soft line breaks and "=3D" for "=".
    (mail?.raw ?? "")
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      ),
  )?.[1];
  expect(link, "the mail carries the link").toBeTruthy();

  // The page holding the token is kept by no cache, not even the browser's.
  const opened = await page.request.get(link ?? "");
  expect(opened.headers()["cache-control"]).toBe("no-store");
  await gotoHydrated(page, link ?? "");
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("New password again").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(
    page.getByText("Your password was changed. Sign in with the new one."),
  ).toBeVisible();

  await page.goto(link ?? "");
  await expect(
    page.getByText("This link has expired or was already used."),
  ).toBeVisible();
  expect(readFileSync(log, "utf8")).not.toContain(
    new URL(link ?? "").searchParams.get("token"),
  );
});

test("without SITE_URL the owner signs in at 127.0.0.1, at localhost and at [::1]", async ({
  browser,
}) => {
  for (const host of ["127.0.0.1", "localhost", "[::1]"]) {
    const context = await browser.newContext();
    await signIn(await context.newPage(), at(host), NEW_PASSWORD);
    await context.close();
  }
});

test("with SITE_URL set, a sign-in at another address says which to use", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await server.stop();
  const siteUrl = at("127.0.0.1");
  server = await launchServer({
    name: "the first-run server with SITE_URL",
    port,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      SITE_URL: siteUrl,
      LOG_LEVEL: "info",
    },
    log,
    readyTimeoutMs: 100_000,
  });
  expect(
    readFileSync(log, "utf8"),
    "an owner exists: no setup address",
  ).not.toContain("/setup?token=");
  await page.goto(at("localhost", "/sign-in"));
  await expect(
    page.getByText(`Please open ${siteUrl}/sign-in and sign in there.`),
  ).toBeVisible();
  await expect(page.getByText("Invalid origin")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign in" })).toHaveCount(0);
  await page.getByRole("link", { name: `${siteUrl}/sign-in` }).click();
  await signIn(page, siteUrl, NEW_PASSWORD);
});
