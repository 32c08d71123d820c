import { expect, test } from "@playwright/test";

import { managementPaths, navigation } from "~/config/navigation";
import { defaultSettings as site } from "~/config/default-settings";

import { gotoHydrated, notices } from "./support/journeys";

const product = `Live ${site.productName}`;

/** The route table (app/routes.ts) and each page's title. */
const routes = [
  { path: "/", title: `Home | ${product}`, nav: "Home" },
  { path: "/about", title: `About Me | ${product}`, nav: "About Me" },
  {
    path: "/content-hub",
    title: `Content Hub | ${product}`,
    nav: "Content Hub",
  },
  {
    path: "/motivational",
    title: `Motivational Hub | ${product}`,
    nav: "Motivational",
  },
  {
    path: "/leadership",
    title: `Leadership & Mentoring | ${product}`,
    nav: "Leadership",
  },
  { path: "/community", title: `Community | ${product}`, nav: "Community" },
  {
    path: "/hiking",
    title: `Hiking & Nature | ${product}`,
    nav: "Hiking & Nature",
  },
  { path: "/music", title: `Live Music | ${product}`, nav: "Live Music" },
  {
    path: "/fitness",
    title: `Fitness & Nutrition | ${product}`,
    nav: "Fitness & Nutrition",
  },
  { path: "/travel", title: `Travel | ${product}`, nav: "Travel" },
  { path: "/contact", title: `Contact | ${product}`, nav: "Contact" },
  {
    path: "/events-calendar",
    title: `Events Calendar | ${product}`,
    nav: null,
  },
] as const;

test.describe("every route", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const route of routes) {
    test(`${route.path} has its title, one heading and the current nav item`, async ({
      page,
    }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(route.title);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toBeVisible();

      const nav = page.getByRole("navigation", { name: "Main" });
      const current = nav.locator('[aria-current="page"]');
      if (route.nav) {
        await expect(current).toHaveCount(1);
        await expect(current).toHaveText(route.nav);
      } else {
        await expect(current).toHaveCount(0);
      }
    });
  }
});

test("the header lists the eleven items in order, without the Events Calendar", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const links = page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link");
  await expect(links).toHaveText(navigation.map((item) => item.name));
  await expect(links).toHaveCount(11);
  await expect(
    page.getByRole("link", { name: /Live Seasoned/ }).first(),
  ).toHaveAttribute("href", "/");
});

test("a skip link moves keyboard focus to the main content", async ({
  page,
}) => {
  await gotoHydrated(page, "/about");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens full screen, traps focus, closes on Escape and returns focus", async ({
    page,
  }) => {
    await gotoHydrated(page, "/about");
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await menuButton.click();

    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    expect(box?.height).toBe(844);
    await expect(
      dialog.getByRole("link", { name: "About Me" }),
    ).toHaveAttribute("aria-current", "page");
    // Focus moved into the overlay and stays there.
    for (let i = 0; i < 14; i += 1) {
      await page.keyboard.press("Tab");
      expect(
        await dialog.evaluate((node) => node.contains(document.activeElement)),
      ).toBe(true);
    }
    // The page behind does not scroll.
    await page.mouse.wheel(0, 600);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test("the search box stands where it stays before the rest of the header has arrived", async ({
    page,
    request,
  }) => {
    // A slow phone paints what it has parsed: here, the page up to the
    // search box, without the menu button after it.
    const html = await (await request.get("/")).text();
    const cut = html.indexOf("</form>") + "</form>".length;
    const home = (url: URL) => url.pathname === "/";
    await page.route(home, (route) =>
      route.fulfill({ contentType: "text/html", body: html.slice(0, cut) }),
    );
    await page.goto("/");
    const search = page.getByRole("search", { name: "Site" });
    const early = await search.boundingBox();
    await page.unroute(home);
    await gotoHydrated(page, "/");
    expect(early).not.toBeNull();
    expect(await search.boundingBox()).toEqual(early);
  });

  test("the close button closes it", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("choosing a link navigates and closes it", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("dialog")
      .getByRole("link", { name: "Contact" })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page).toHaveTitle(`Contact | ${product}`);
  });
});

test.describe("management paths", () => {
  for (const pattern of managementPaths) {
    const path = pattern
      .replace(":slug", "some-post")
      .replace(":categorySlug", "travel");
    test(`${path} redirects home`, async ({ page, request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(
        new URL(response.headers().location ?? "", "http://x").pathname,
      ).toBe("/");

      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page).toHaveTitle(`Home | ${product}`);
    });
  }
});

test("an unknown path answers 404 with a helpful page inside the layout", async ({
  page,
}) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "Page not found" }),
  ).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await page
    .getByRole("main")
    .getByRole("link", { name: "Back to Home" })
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("footer", () => {
  test("holds the tagline, the professional link and the copyright year", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(site.footerTagline);
    const professional = footer.getByRole("link", { name: /^Professional/ });
    await expect(professional).toHaveAttribute("href", site.professionalUrl);
    await expect(professional).toHaveAttribute("target", "_blank");
    await expect(professional).toHaveAttribute("rel", "noopener noreferrer");
    await expect(
      footer.getByRole("link", { name: `Email ${site.ownerName}` }),
    ).toHaveAttribute("href", `mailto:${site.email}`);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test("social icons only show the not-implemented notice, one at a time", async ({
    page,
  }) => {
    await gotoHydrated(page, "/about");
    const footer = page.getByRole("contentinfo");

    await footer.getByRole("button", { name: "LinkedIn" }).click();
    await expect(notices(page)).toHaveCount(1);
    await expect(notices(page)).toContainText("Feature Not Implemented");
    await expect(notices(page)).toContainText(
      "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!",
    );
    await expect(page).toHaveURL(/\/about$/);

    await footer.getByRole("button", { name: "Twitter" }).click();
    await expect(notices(page)).toHaveCount(1);
    await expect(page).toHaveURL(/\/about$/);

    // It closes by itself after 5 seconds.
    await expect(notices(page)).toHaveCount(0, { timeout: 8_000 });
  });

  test("Escape closes the notice", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page
      .getByRole("contentinfo")
      .getByRole("button", { name: "LinkedIn" })
      .click();
    await expect(notices(page)).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(notices(page)).toHaveCount(0);
  });

  test("F8 moves focus to the notices and a swipe to the right dismisses one", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    await page
      .getByRole("contentinfo")
      .getByRole("button", { name: "LinkedIn" })
      .click();
    const region = page.getByRole("region", { name: /Notifications/ });
    const notice = region.getByRole("listitem");
    await expect(notice).toHaveCount(1);

    await page.keyboard.press("F8");
    await expect(region.getByRole("list")).toBeFocused();

    // A drag shorter than the 50 px threshold leaves it open; a longer one
    // dismisses it. Measured once it has slid in: a box taken mid-slide lies
    // to the right of where the notice comes to rest.
    await notice.evaluate((item) =>
      Promise.all(item.getAnimations().map((animation) => animation.finished)),
    );
    const box = await notice.boundingBox();
    if (!box) throw new Error("the notice has no box");
    const y = box.y + box.height / 2;
    const x = box.x + 40;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 5 });
    await page.mouse.up();
    await expect(notice).toHaveCount(1);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 120, y, { steps: 8 });
    await page.mouse.up();
    await expect(notice).toHaveCount(0);
  });
});

test("cards below the first screen fade in as they are scrolled to; the first screen's never hide", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/leadership");
  const first = page.locator("main div[style*='--reveal-index']").first();
  const last = page.locator("main div[style*='--reveal-index']").last();
  await expect(last).toHaveAttribute("data-reveal", "pending");
  await expect(last).toHaveCSS("opacity", "0");
  await expect(first).not.toHaveAttribute("data-reveal");
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveAttribute("data-reveal", "shown");
  await expect(last).toHaveCSS("opacity", "1");
});

test("with reduced motion nothing is hidden to fade in", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/leadership");
  // Two frames: time for the observer's first report, had one been made.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(resolve)),
      ),
  );
  await expect(page.locator("[data-reveal]")).toHaveCount(0);
});

test("a new page opens at the top; a reloaded one where the reader was", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/content-hub");
  const post = page.locator("main a[href^='/post/']").last();
  await post.scrollIntoViewIfNeeded();
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  const left = await scrollY();
  expect(left).toBeGreaterThan(500);
  await page.reload();
  await expect.poll(scrollY).toBe(left);

  await post.click();
  await expect(page).toHaveURL(/\/post\//);
  await expect.poll(scrollY).toBe(0);
});
