// The public journeys a visitor makes whatever happens to the page's script
// files (issue 48, item 3): tests/e2e/no-script.spec.ts runs each with every
// script file blocked, tests/e2e/late-script.spec.ts with them held back 5 s
// while the visitor acts at once. Inline scripts are part of the document and
// run in both. Each journey opens its page once and acts as soon as what it
// needs is on screen, so it never waits for a script to arrive.
import { expect, test } from "@playwright/test";
import type { Page, Request, Route } from "@playwright/test";

import { site } from "~/config/site";

import { serverUrl } from "../../../playwright.config";
import type { servers } from "../../../playwright.config";

import { visitorAddress } from "./auth";

export interface PublicJourney {
  name: string;
  /** The journey server it visits (playwright.config.ts); "seeded" unless it writes. */
  server?: keyof typeof servers;
  viewport?: { width: number; height: number };
  /** Browser permissions it needs (the clipboard for "Copy link"). */
  permissions?: string[];
  /** `filesArrive`: whether the page's script files come at all (late) or never (blocked). */
  run(page: Page, base: string, filesArrive: boolean): Promise<void>;
}

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1400, height: 900 };

const NOT_IMPLEMENTED = {
  title: "Feature Not Implemented",
  description:
    "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!",
};

/** A script file: a classic or module script, or a module preload. */
function isScriptFile(request: Request): boolean {
  return (
    request.resourceType() === "script" ||
    /\.m?js(?:\?|$)/.test(new URL(request.url()).pathname)
  );
}

/** Every script file the page asks for fails; documents, styles and images load. */
export async function blockScriptFiles(page: Page) {
  await page.route("**/*", (route) =>
    isScriptFile(route.request()) ? route.abort() : route.fallback(),
  );
}

/** Every script file the page asks for arrives `ms` late, as on a slow network. */
export async function delayScriptFiles(page: Page, ms = 5000) {
  await page.route("**/*", async (route: Route) => {
    if (!isScriptFile(route.request())) return route.fallback();
    await new Promise((resolve) => setTimeout(resolve, ms));
    // The journey may have ended, and its page closed, meanwhile.
    await route.continue().catch(() => undefined);
  });
}

/** Opens `url` and hands over as soon as the response has begun: the visitor does not wait for the page to load. */
export async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: "commit" });
}

/** A notice as a visitor reads it: its title and description on screen. */
async function expectNotice(page: Page, title: string, description?: string) {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) {
    await expect(page.getByText(description, { exact: true })).toBeVisible();
  }
}

/** Requests that carry the newsletter form's address anywhere: documents, fetches and posts. */
function recordSends(page: Page, address: string): string[] {
  const sent: string[] = [];
  const spellings = [address, encodeURIComponent(address)];
  page.on("request", (request) => {
    const carried = `${request.url()} ${request.postData() ?? ""}`;
    if (spellings.some((spelling) => carried.includes(spelling))) {
      sent.push(`${request.method()} ${request.url()}`);
    }
  });
  return sent;
}

/** "July 2025" → "August 2025". */
function nextMonthTitle(title: string): string {
  const shown = new Date(`1 ${title} 12:00`);
  const next = new Date(shown.getFullYear(), shown.getMonth() + 1, 1, 12);
  return new Intl.DateTimeFormat("en-US", {
    month: "long",
    year: "numeric",
  }).format(next);
}

function footerIconJourney(name: "LinkedIn" | "Twitter"): PublicJourney {
  return {
    name: `the footer's ${name} icon shows the not-implemented notice and stays on the page; the notice closes`,
    async run(page, base) {
      await open(page, `${base}/about`);
      await page.getByRole("contentinfo").getByRole("button", { name }).click();
      await expectNotice(
        page,
        NOT_IMPLEMENTED.title,
        NOT_IMPLEMENTED.description,
      );
      await expect(page).toHaveURL(`${base}/about`);
      // The spec closes a notice on its close button and on Escape.
      if (name === "LinkedIn") {
        await page.getByRole("button", { name: "Close", exact: true }).click();
      } else {
        await page.keyboard.press("Escape");
      }
      // Well before the 5 s after which a notice closes by itself.
      await expect(
        page.getByText(NOT_IMPLEMENTED.title, { exact: true }),
      ).toBeHidden({
        timeout: 2000,
      });
    },
  };
}

function calendarJourney(
  path: string,
  region: string,
  viewport = DESKTOP,
): PublicJourney {
  return {
    name: `${path}: the calendar's next and previous month buttons change the month`,
    viewport,
    async run(page, base) {
      await open(page, base + path);
      const calendar = page.getByRole("region", { name: region, exact: true });
      const title = calendar.getByRole("heading", { level: 3 });
      const shown = (await title.textContent()) ?? "";
      await calendar.getByRole("button", { name: "Next month" }).click();
      await expect(title).toHaveText(nextMonthTitle(shown));
      await calendar.getByRole("button", { name: "Previous month" }).click();
      await expect(title).toHaveText(shown);
    },
  };
}

const MESSAGE = "Would you mentor our new team leads this autumn?";

/** The contact form filled and sent once, on the server that keeps messages. */
function contactJourney(steps: {
  name: string;
  visitorName: string;
  notice: { title: string; description: string };
  messageAfter: string;
}): PublicJourney {
  return {
    name: steps.name,
    server: "mutable",
    async run(page, base) {
      // A visitor of its own, so the form's rate limit is this journey's alone.
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorAddress() });
      await open(page, `${base}/contact`);
      const field = (name: string) =>
        page.getByRole("textbox", { name, exact: true });
      await field("Name").fill(steps.visitorName);
      await field("Email").fill("riley.chen@example.org");
      await field("Message").fill(MESSAGE);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expectNotice(page, steps.notice.title, steps.notice.description);
      await expect(field("Message")).toHaveValue(steps.messageAfter);
    },
  };
}

/** The public behaviours of the specification (and the site's own search and sharing), each one page load. */
export const publicJourneys: ReadonlyArray<PublicJourney> = [
  {
    name: "'Learn More & RSVP' goes to /contact with the not-implemented notice",
    async run(page, base) {
      await open(page, `${base}/community`);
      await page
        .getByRole("article")
        .filter({ hasText: "Trail Talks" })
        .getByRole("link", { name: "Learn More & RSVP" })
        .click();
      await expect(page).toHaveURL(`${base}/contact`);
      await expectNotice(
        page,
        NOT_IMPLEMENTED.title,
        NOT_IMPLEMENTED.description,
      );
    },
  },
  {
    name: "the newsletter form shows the not-implemented notice and sends nothing",
    async run(page, base) {
      await open(page, `${base}/`);
      const form = page.getByRole("form", { name: "Join the Newsletter" });
      await form
        .getByRole("textbox", { name: "Email address" })
        .fill("reader@example.com");
      const sent = recordSends(page, "reader@example.com");
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expectNotice(
        page,
        NOT_IMPLEMENTED.title,
        NOT_IMPLEMENTED.description,
      );
      await expect(page).toHaveURL(`${base}/`);
      expect(sent).toEqual([]);
    },
  },
  footerIconJourney("LinkedIn"),
  footerIconJourney("Twitter"),
  contactJourney({
    name: "the contact form answers a blank field with 'Missing Information', keeping what was typed",
    // The browser's own "required" check lets spaces through; the form does not.
    visitorName: "  ",
    notice: {
      title: "Missing Information",
      description: "Please fill out all fields before sending.",
    },
    messageAfter: MESSAGE,
  }),
  contactJourney({
    name: "the contact form sends a message and answers 'Message Sent!' with its fields cleared",
    visitorName: "Riley Chen",
    notice: {
      title: "Message Sent!",
      description: "Thanks for reaching out. I'll get back to you soon!",
    },
    messageAfter: "",
  }),
  {
    name: "on a phone the menu opens, closes with its button, and a chosen link navigates",
    viewport: PHONE,
    async run(page, base) {
      await open(page, `${base}/about`);
      const menu = page.getByRole("dialog", { name: "Menu" });
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(menu).toBeVisible();
      await menu.getByRole("button", { name: "Close menu" }).click();
      await expect(menu).toBeHidden();
      await page.getByRole("button", { name: "Open menu" }).click();
      await menu.getByRole("link", { name: "Contact" }).click();
      await expect(page).toHaveURL(`${base}/contact`);
      await expect(page).toHaveTitle(`Contact | Live ${site.productName}`);
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    },
  },
  calendarJourney("/community", "Community Calendar"),
  calendarJourney("/events-calendar", "Calendar", PHONE),
  {
    name: "an anonymous delete is confirmed, then refused with 'Error Deleting Post', and the post stays",
    server: "mutable",
    async run(page, base) {
      const url = `${base}/post/wildflowers-at-table-rock`;
      await open(page, url);
      const title = page.getByRole("heading", { level: 1 });
      const shown = (await title.textContent()) ?? "";
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      const dialog = page.getByRole("dialog", {
        name: "Are you sure you want to delete this post?",
      });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Delete Post" }).click();
      await expectNotice(page, "Error Deleting Post");
      await expect(page).toHaveURL(url);
      await expect(title).toHaveText(shown);
    },
  },
  {
    name: "the header's search finds a post by a word of its body",
    viewport: DESKTOP,
    async run(page, base) {
      await open(page, `${base}/hiking`);
      const box = page.getByRole("searchbox", { name: "Search posts" }).first();
      await box.fill("Toxaway");
      await box.press("Enter");
      await expect(page).toHaveURL(`${base}/search?q=Toxaway`);
      await expect(
        page.getByRole("main").getByRole("article").getByRole("link"),
      ).toHaveText("Seven Lakes in One Long Day");
    },
  },
  {
    name: "a header link navigates to its page",
    viewport: DESKTOP,
    async run(page, base) {
      await open(page, `${base}/`);
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "About Me", exact: true })
        .click();
      await expect(page).toHaveURL(`${base}/about`);
      await expect(page).toHaveTitle(`About Me | Live ${site.productName}`);
    },
  },
  {
    name: "'Share Your Trail Story' leads to /create-post, which sends the visitor home",
    async run(page, base) {
      await open(page, `${base}/hiking`);
      await page.getByRole("link", { name: "Share Your Trail Story" }).click();
      await expect(page).toHaveURL(`${base}/`);
      await expect(page).toHaveTitle(new RegExp(`Live ${site.productName}$`));
    },
  },
  {
    // An island loaded at the first click (decision 062): when its file
    // never comes, the notice gives the address to copy by hand.
    name: "'Copy link' on a post copies its address and says so, or shows it to copy",
    permissions: ["clipboard-read", "clipboard-write"],
    async run(page, base, filesArrive) {
      await open(page, `${base}/post/wildflowers-at-table-rock`);
      await page
        .getByRole("region", { name: "Share this post" })
        .getByRole("button", { name: "Copy link" })
        .click();
      if (!filesArrive) {
        await expectNotice(page, "Could not copy the link");
        await expect(
          page.getByText(
            /^Copy it from here: http.*\/post\/wildflowers-at-table-rock$/,
          ),
        ).toBeVisible();
        return;
      }
      await expectNotice(page, "Link copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
        /\/post\/wildflowers-at-table-rock$/,
      );
    },
  },
];

/** Declares each public journey as a test, its script files handled by `scripts`. */
export function publicJourneyTests(
  scripts: (page: Page) => Promise<void>,
  filesArrive: boolean,
) {
  for (const journey of publicJourneys) {
    test(journey.name, async ({ page, context }) => {
      if (journey.viewport) await page.setViewportSize(journey.viewport);
      if (journey.permissions)
        await context.grantPermissions(journey.permissions);
      await scripts(page);
      await journey.run(
        page,
        serverUrl(journey.server ?? "seeded"),
        filesArrive,
      );
    });
  }
}
