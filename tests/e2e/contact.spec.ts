import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { defaultSettings as site } from "~/config/default-settings";
import { startLoopbackSmtp } from "~tests/support/smtp";

import { mailSmtpPort, serverUrl } from "../../playwright.config";
import { gotoHydrated, holdRequests } from "./support/journeys";

function field(page: Page, name: "Name" | "Email" | "Message") {
  return page.getByRole("textbox", { name, exact: true });
}

async function fillForm(
  page: Page,
  values: { name: string; email: string; message: string },
) {
  await field(page, "Name").fill(values.name);
  await field(page, "Email").fill(values.email);
  await field(page, "Message").fill(values.message);
}

const visitor = {
  name: "Riley Chen",
  email: "riley.chen@example.org",
  message: "Would you mentor our new team leads this autumn?",
};

function toast(page: Page, title: string) {
  return page.getByRole("status").filter({ hasText: title });
}

test("the contact page offers the form and the outbound links", async ({
  page,
}) => {
  await page.goto(serverUrl("mutable") + "/contact");
  await expect(page).toHaveTitle(`Contact | Live ${site.productName}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

  const name = field(page, "Name");
  const email = field(page, "Email");
  const message = field(page, "Message");
  for (const field of [name, email, message])
    await expect(field).toHaveAttribute("required", "");
  await expect(email).toHaveAttribute("type", "email");
  await expect(message).toHaveAttribute("rows", "4");
  // The honeypot is for bots: not visible, not in the accessibility tree.
  await expect(page.getByRole("main").getByRole("textbox")).toHaveCount(3);
  await expect(page.locator('input[name="website"]')).not.toBeInViewport();
  await expect(
    page.getByRole("button", { name: "Send Message" }),
  ).toBeEnabled();

  for (const [text, href] of [
    ["Connect on LinkedIn", site.linkedInUrl],
    ["Follow on GitHub", site.gitHubUrl],
    ["Visit the professional site", site.professionalUrl],
  ] as const) {
    const link = page.getByRole("main").getByRole("link", { name: text });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
  }
});

test("a field of only spaces shows 'Missing Information' and sends nothing", async ({
  page,
}) => {
  await gotoHydrated(page, serverUrl("mutable") + "/contact");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  // The browser's own "required" check lets spaces through; the form does not.
  await fillForm(page, { ...visitor, name: "   " });
  await page.getByRole("button", { name: "Send Message" }).click();

  const notice = toast(page, "Missing Information");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    "Please fill out all fields before sending.",
  );
  await expect(field(page, "Message")).toHaveValue(visitor.message);
  expect(posts).toEqual([]);
});

// The form's POST is held: the page is still the document that sent it,
// marked sending by its page script, until the answer comes. Playwright
// does not query a page whose navigation is pending, so the page reports
// what a visitor sees through its console as it changes.
test("while sending, the form is disabled and reads 'Sending...'; on success the fields clear", async ({
  page,
}) => {
  await gotoHydrated(page, serverUrl("mutable") + "/contact");
  // The post of the form: the page stays until the answer comes.
  const held = await holdRequests(page, "**/contact");

  await fillForm(page, visitor);
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>("form[method=post]");
    if (!form) throw new Error("no contact form");
    new MutationObserver(() => {
      const button = form.querySelector<HTMLButtonElement>(
        "button[type=submit]",
      );
      console.log(
        `contact form: ${JSON.stringify({
          label: button?.innerText.trim(),
          buttonDisabled: button?.matches(":disabled"),
          fieldsDisabled: ["name", "email", "message"].map((name) =>
            form.querySelector(`[name="${name}"]`)?.matches(":disabled"),
          ),
        })}`,
      );
    }).observe(form, { attributes: true, subtree: true });
  });
  const sendingState = page.waitForEvent("console", (message) =>
    message.text().includes('"label":"Sending..."'),
  );
  // Not waiting for the navigation it starts, which is held.
  await page
    .getByRole("button", { name: "Send Message" })
    .click({ noWaitAfter: true });

  const state = JSON.parse(
    (await sendingState).text().replace(/^contact form: /, ""),
  ) as { label: string; buttonDisabled: boolean; fieldsDisabled: boolean[] };
  expect(state).toEqual({
    label: "Sending...",
    buttonDisabled: true,
    fieldsDisabled: [true, true, true],
  });

  held.release();
  const notice = toast(page, "Message Sent!");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    "Thanks for reaching out. I'll get back to you soon!",
  );
  for (const label of ["Name", "Email", "Message"] as const) {
    await expect(field(page, label)).toHaveValue("");
    await expect(field(page, label)).toBeEnabled();
  }
  await expect(
    page.getByRole("button", { name: "Send Message" }),
  ).toBeEnabled();
});

test("an email address without a real domain is pointed out at the field", async ({
  page,
}) => {
  await gotoHydrated(page, serverUrl("mutable") + "/contact");
  // Browsers accept "name@host"; a reply would never arrive, so the form does not.
  await fillForm(page, { ...visitor, email: "riley@localhost" });
  await page.getByRole("button", { name: "Send Message" }).click();

  const email = field(page, "Email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(
    "Please enter a valid email address, like name@example.com.",
  );
  await expect(toast(page, "Message Sent!")).toHaveCount(0);
});

test("without JavaScript, a plain post is answered with the outcome in the page", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(serverUrl("mutable") + "/contact");

  await fillForm(page, visitor);
  await page.getByRole("button", { name: "Send Message" }).click();
  const sent = page.getByRole("status").filter({ hasText: "Message Sent!" });
  await expect(sent).toContainText(
    "Thanks for reaching out. I'll get back to you soon!",
  );
  await expect(field(page, "Name")).toHaveValue("");
  await expect(field(page, "Message")).toHaveValue("");

  await fillForm(page, { ...visitor, message: " \n " });
  await page.getByRole("button", { name: "Send Message" }).click();
  const missing = page.getByRole("alert").filter({
    hasText: "Missing Information",
  });
  await expect(missing).toContainText(
    "Please fill out all fields before sending.",
  );
  await expect(field(page, "Email")).toHaveValue(visitor.email);

  await fillForm(page, { ...visitor, email: "riley@localhost" });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(field(page, "Email")).toHaveAccessibleDescription(
    "Please enter a valid email address, like name@example.com.",
  );
  await expect(field(page, "Name")).toHaveValue(visitor.name);
  await context.close();
});

test("without JavaScript, each 'Message Sent!' page runs under its own response's nonce", async ({
  request,
}) => {
  // The two messages mail the owner: this journey is the mailbox until both
  // have arrived, so the mail server keeps nothing to retry after it.
  const smtp = await startLoopbackSmtp({ port: mailSmtpPort });
  try {
    const token = `nonce-journey-${Date.now()}`;
    // The first page is rendered, the next one is the same page sent again;
    // both must carry the nonce of the policy they arrive with.
    const client = { "X-Forwarded-For": `192.0.2.${Date.now() % 250}` };
    const nonces: string[] = [];
    for (let index = 0; index < 2; index++) {
      const response = await request.post(serverUrl("mail") + "/contact", {
        headers: client,
        form: { ...visitor, message: `(${token}) ${visitor.message}` },
      });
      expect(response.status()).toBe(200);
      const policy = response.headers()["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toBeTruthy();
      const html = await response.text();
      expect(html).toContain("Message Sent!");
      const inPage = new Set(
        [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]),
      );
      expect([...inPage]).toEqual([nonce]);
      nonces.push(nonce ?? "");
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    await expect
      .poll(
        () => smtp.mails.filter((mail) => mail.raw.includes(token)).length,
        { timeout: 15_000 },
      )
      .toBe(2);
  } finally {
    await smtp.close();
  }
});

test("when the message cannot be stored, the visitor is told so, with or without JavaScript", async ({
  page,
  browser,
}) => {
  // The broken server cannot write to its messages table.
  await gotoHydrated(page, serverUrl("broken") + "/contact");
  await fillForm(page, visitor);
  await page.getByRole("button", { name: "Send Message" }).click();
  const notice = toast(page, "Error Sending Message");
  await expect(notice).toContainText(
    "Something went wrong. Please try again later.",
  );
  await expect(field(page, "Message")).toHaveValue(visitor.message);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(serverUrl("broken") + "/contact");
  await fillForm(plain, visitor);
  await plain.getByRole("button", { name: "Send Message" }).click();
  await expect(
    plain.getByRole("alert").filter({ hasText: "Error Sending Message" }),
  ).toContainText("Something went wrong. Please try again later.");
  // Nothing typed is lost: the visitor can try again later.
  await expect(field(plain, "Message")).toHaveValue(visitor.message);
  await context.close();
});

test("the owner's notification arrives at the SMTP server, replying to the visitor", async ({
  browser,
}) => {
  // The mail server delivers to this port; the journey is the owner's mailbox.
  const smtp = await startLoopbackSmtp({ port: mailSmtpPort });
  try {
    const context = await browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.41" },
    });
    const page = await context.newPage();
    await gotoHydrated(page, serverUrl("mail") + "/contact");
    const token = `mail-journey-${Date.now()}`;
    await fillForm(page, {
      name: "Morgan Ellis",
      email: "morgan.ellis@example.org",
      message: `Could we talk about a leadership workshop? (${token})`,
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Message Sent!")).toBeVisible();

    await expect
      .poll(
        () => smtp.mails.filter((mail) => mail.raw.includes(token)).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    const mail = smtp.mails.find((candidate) => candidate.raw.includes(token));
    expect(mail?.to).toEqual([site.contactRecipient]);
    expect(mail?.from).toBe(site.email);
    expect(mail?.raw).toMatch(/^Reply-To: morgan\.ellis@example\.org\r?$/m);
    expect(mail?.raw).toMatch(/^Subject: New message from Morgan Ellis/m);
    expect(mail?.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    await context.close();
  } finally {
    await smtp.close();
  }
});

test("too many posts from one client are refused with 429 and a clear message", async ({
  browser,
  request,
}) => {
  // The mail server trusts one proxy hop, so this journey is a client of its own.
  const client = { "X-Forwarded-For": `198.51.100.${Date.now() % 250}` };
  const url = serverUrl("mail") + "/contact";
  for (let index = 0; index < 10; index++) {
    const response = await request.post(url, {
      headers: client,
      form: { name: " ", email: "", message: "" },
    });
    expect(response.status()).toBe(400);
  }

  const context = await browser.newContext({ extraHTTPHeaders: client });
  const page = await context.newPage();
  // The form is a document's: with script or without, the refusal is the
  // server's own page (docs/decisions/058).
  await gotoHydrated(page, url);
  await fillForm(page, visitor);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page.getByRole("heading", { name: "Too many requests" }),
  ).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("Please wait");
  await context.close();

  const plainContext = await browser.newContext({
    extraHTTPHeaders: client,
    javaScriptEnabled: false,
  });
  const plain = await plainContext.newPage();
  await plain.goto(url);
  await fillForm(plain, visitor);
  const [response] = await Promise.all([
    plain.waitForResponse(
      (candidate) => candidate.request().method() === "POST",
    ),
    plain.getByRole("button", { name: "Send Message" }).click(),
  ]);
  expect(response.status()).toBe(429);
  await expect(
    plain.getByRole("heading", { name: "Too many requests" }),
  ).toBeVisible();
  await expect(plain.getByRole("alert")).toContainText("Please wait");
  await plainContext.close();
});

test("the site's pages run within their Content-Security-Policy", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy"))
      violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(serverUrl("seeded") + "/contact");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page
    .getByRole("dialog")
    .getByRole("link", { name: "About Me" })
    .click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goto(serverUrl("seeded") + "/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});
