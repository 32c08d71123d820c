import { expect, test } from "@playwright/test";
import { serverUrl } from "../../playwright.config";
import { notices } from "./support/journeys";
test("debug", async ({ page }) => {
  page.on("console", (m) => console.log("CONSOLE", m.type(), m.text()));
  page.on("pageerror", (e) => console.log("PAGEERROR", e.message));
  page.on("request", (r) => console.log("REQ", r.method(), r.url()));
  await page.goto(serverUrl("seeded") + "/");
  const form = page.getByRole("form", { name: "Join the Newsletter" });
  const email = form.getByRole("textbox", { name: "Email address" });
  await email.fill("reader@example.com");
  await form.getByRole("button", { name: "Subscribe" }).click();
  console.log(await page.locator("#notices").innerHTML());
  console.log(await notices(page).count());
  await page.getByRole("button", { name: "LinkedIn" }).click();
  console.log(await notices(page).count());
  console.log(page.url());
});
