import { expect, test } from "@playwright/test";

import { defaultSettings as site } from "~/config/default-settings";

import { serverUrl } from "../../playwright.config";
import { gotoHydrated, notices } from "./support/journeys";

test("the hero names the owner, leads to the journey and the professional site", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/");
  await expect(page).toHaveTitle(`Home | Live ${site.productName}`);
  await expect(
    page.getByRole("heading", { level: 1, name: site.ownerName }),
  ).toBeVisible();
  await expect(page.getByText(site.headline, { exact: true })).toBeVisible();

  const professional = page.getByRole("link", {
    name: /Visit My Professional Site/,
  });
  await expect(professional).toHaveAttribute("href", site.professionalUrl);
  await expect(professional).toHaveAttribute("target", "_blank");

  await page.getByRole("link", { name: "Discover My Journey" }).click();
  await expect(page).toHaveURL(serverUrl("seeded") + "/about");
  await expect(
    page.getByRole("heading", { level: 1, name: "What Sets Me Apart" }),
  ).toBeVisible();
});

test("'Explore My World' shows the eight areas in order, each with its own Explore link", async ({
  page,
}) => {
  await page.goto(serverUrl("seeded") + "/");
  const section = page.getByRole("region", { name: "Explore My World" });
  const expected = [
    ["Content Hub", "/content-hub"],
    ["Motivational Hub", "/motivational"],
    ["Leadership & Mentoring", "/leadership"],
    ["Community", "/community"],
    ["Hiking & Nature", "/hiking"],
    ["Live Music", "/music"],
    ["Fitness & Nutrition", "/fitness"],
    ["Travel", "/travel"],
  ];
  await expect(section.getByRole("heading", { level: 3 })).toHaveText(
    expected.map(([title]) => title ?? ""),
  );
  const cards = section.getByRole("article");
  for (const [index, [title, href]] of expected.entries()) {
    const card = cards.nth(index);
    await expect(card.locator("svg").first()).toBeVisible();
    await expect(card.getByRole("paragraph")).not.toBeEmpty();
    const explore = card.getByRole("link", { name: `Explore ${title}` });
    await expect(explore).toHaveAttribute("href", href ?? "");
    // What a sighted visitor reads is the link's word alone.
    expect(
      await explore.evaluate((link) => {
        const shown = link.cloneNode(true) as HTMLElement;
        shown.querySelectorAll(".sr-only").forEach((hidden) => hidden.remove());
        return shown.textContent?.trim();
      }),
    ).toBe("Explore");
  }

  await section.getByRole("link", { name: "Explore Live Music" }).click();
  await expect(page).toHaveURL(serverUrl("seeded") + "/music");
});

test("'Ready to Connect?' leads to the contact page", async ({ page }) => {
  await page.goto(serverUrl("seeded") + "/");
  const section = page.getByRole("region", { name: "Ready to Connect?" });
  await section.getByRole("link", { name: "Let's Talk" }).click();
  await expect(page).toHaveURL(serverUrl("seeded") + "/contact");
});

test("the newsletter checks the address, then only says it is not implemented and sends nothing", async ({
  page,
}) => {
  await gotoHydrated(page, serverUrl("seeded") + "/");
  const form = page.getByRole("form", { name: "Join the Newsletter" });
  const email = form.getByRole("textbox", { name: "Email address" });
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAttribute("required", "");

  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET" || request.url().includes("@"))
      sent.push(request.url());
  });

  // The browser refuses an empty or malformed address before anything else happens.
  await form.getByRole("button", { name: "Subscribe" }).click();
  expect(
    await email.evaluate((input: HTMLInputElement) => input.validity.valid),
  ).toBe(false);
  await email.fill("not-an-address");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(notices(page)).toHaveCount(0);

  await email.fill("reader@example.com");
  await form.getByRole("button", { name: "Subscribe" }).click();
  const notice = notices(page);
  await expect(notice).toContainText("Feature Not Implemented");
  await expect(notice).toContainText(
    "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!",
  );
  await expect(page).toHaveURL(serverUrl("seeded") + "/");
  expect(sent).toEqual([]);
});

test("the cards fade in as they come into view, and their links lead on and back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, serverUrl("seeded") + "/");
  const cards = page
    .getByRole("region", { name: "Explore My World" })
    .locator("div[style*='--reveal-index']");
  const last = cards.last();
  await expect(last).toHaveAttribute("data-reveal", "pending");
  await expect(last).toHaveCSS("opacity", "0");
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveAttribute("data-reveal", "shown");
  await expect(last).toHaveCSS("opacity", "1");

  await page.getByRole("link", { name: "Explore Travel" }).click();
  await expect(page).toHaveURL(serverUrl("seeded") + "/travel");
  await expect(
    page.getByRole("heading", { level: 1, name: "Travel" }),
  ).toBeVisible();

  await page.goBack();
  await expect(
    page.getByRole("heading", { level: 1, name: site.ownerName }),
  ).toBeVisible();
  await expect(cards).toHaveCount(8);
});
