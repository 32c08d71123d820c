// The 13 section tables in the studio, from the studio's own config. Every
// table's form and screens are drawn from the registry by field kind, so the
// whole life of a row (add, edit, move by the plain buttons with JavaScript
// off and by keyboard with it on, delete, restore) runs on a few tables that
// between them have every kind of field; every other table adds a row, sees
// it on its public page and deletes it. Each step is checked on the public
// page at once. The rows are new and distinctive, moved back to the end and
// deleted again, so the other journeys on the "mutable" server see the demo
// lists in their order. The preview of unsaved values is checked against the
// public page too, and saves nothing.
import { randomBytes } from "node:crypto";

import { expect, test } from "@playwright/test";
import type { Browser, Locator, Page } from "@playwright/test";

import { iconSets } from "~/lib/icon-names";
import { sectionConfigs, sectionPages } from "~/studio/sections";
import type { SectionConfig } from "~/studio/sections";
import { serverUrl } from "../../playwright.config";
import { signInAsOwner, visitorAddress } from "./support/auth";
import {
  cardTitles,
  expectNoAxeViolations,
  gotoHydrated,
} from "./support/journeys";

const base = serverUrl("mutable");

test.beforeEach(async ({ context, page }) => {
  // Whole journeys of several screens each, on a shared, busy machine.
  test.slow();
  await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  await signInAsOwner(page, base);
});

function publicPath(config: SectionConfig): string {
  return config.publicPath.split("#")[0] ?? "/";
}

function listPath(config: SectionConfig): string {
  return `${base}/studio/pages/${config.slug}`;
}

/** The titles on the public page, as a visitor loads it now. */
async function publicTitles(page: Page, config: SectionConfig) {
  await page.goto(base + publicPath(config));
  return cardTitles(page, config.name);
}

/** The row's card on the public page. */
function publicCard(page: Page, config: SectionConfig, title: string): Locator {
  return page
    .getByRole("region", { name: config.name, exact: true })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading", { level: 3, name: title, exact: true }),
    })
    .first();
}

/** Picks one of a field's visual choices (an icon, a colour) by its label, as a pointer would. */
async function choose(page: Page, name: string) {
  const radio = page.getByRole("radio", { name, exact: true });
  await radio.locator("xpath=..").click();
  await expect(radio).toBeChecked();
}

/** Fills every field of the form the way its kind asks. */
async function fillNew(page: Page, config: SectionConfig, title: string) {
  const icons: ReadonlyArray<string> = config.iconSet
    ? iconSets[config.iconSet]
    : [];
  for (const field of config.fields) {
    if (field.name === "title") {
      await page.getByLabel("Title", { exact: true }).fill(title);
    } else if (field.kind === "text" || field.kind === "textarea") {
      await page
        .getByLabel(field.label, { exact: true })
        .fill(`${field.label} of ${title}`);
    } else if (field.kind === "paragraphs") {
      await page
        .getByLabel(field.label, { exact: true })
        .fill("The first paragraph.\n\nThe second paragraph.");
    } else if (field.kind === "icon") {
      await choose(page, icons[1] ?? "");
    } else if (field.kind === "list") {
      const group = page.getByRole("group", { name: field.label });
      await group
        .getByRole("textbox", { name: `${field.itemLabel} 1` })
        .fill(`First ${field.itemLabel.toLowerCase()}`);
      await group
        .getByRole("button", { name: `Add ${field.itemLabel.toLowerCase()}` })
        .click();
      await group
        .getByRole("textbox", { name: `${field.itemLabel} 2` })
        .fill(`Second ${field.itemLabel.toLowerCase()}`);
    } else if (field.kind === "details") {
      const group = page.getByRole("group", { name: field.label });
      await group
        .getByRole("combobox", { name: "Detail 1 icon" })
        .selectOption(icons[0] ?? "");
      await group
        .getByRole("textbox", { name: "Detail 1 text" })
        .fill("Every second Saturday");
    } else if (field.kind === "colour") {
      await choose(page, "Sky");
    }
  }
}

/** Edits the row: a new title, and a change in every list, icon and colour. */
async function editRow(page: Page, config: SectionConfig, title: string) {
  const icons: ReadonlyArray<string> = config.iconSet
    ? iconSets[config.iconSet]
    : [];
  await page.getByLabel("Title", { exact: true }).fill(title);
  for (const field of config.fields) {
    if (field.kind === "icon") {
      await choose(page, icons[2] ?? "");
    } else if (field.kind === "list") {
      // A third item, moved to the top; the first one removed.
      const group = page.getByRole("group", { name: field.label });
      const item = field.itemLabel.toLowerCase();
      await group
        .getByRole("textbox", { name: `${field.itemLabel} 3` })
        .fill(`Third ${item}`);
      await group
        .getByRole("button", { name: `Up ${field.itemLabel} 3` })
        .click();
      await group
        .getByRole("button", { name: `Up ${field.itemLabel} 2` })
        .click();
      await group
        .getByRole("button", { name: `Remove ${field.itemLabel} 2` })
        .click();
    } else if (field.kind === "details") {
      const group = page.getByRole("group", { name: field.label });
      await group
        .getByRole("combobox", { name: "Detail 2 icon" })
        .selectOption(icons[3] ?? "");
      await group
        .getByRole("textbox", { name: "Detail 2 text" })
        .fill("Bring a friend");
    } else if (field.kind === "colour") {
      await choose(page, "Violet");
    }
  }
}

/** What the public card shows of the edited row's lists, icons and colours. */
async function expectEditedCard(
  page: Page,
  config: SectionConfig,
  title: string,
) {
  const card = publicCard(page, config, title);
  const icons: ReadonlyArray<string> = config.iconSet
    ? iconSets[config.iconSet]
    : [];
  for (const field of config.fields) {
    if (field.kind === "icon") {
      await expect(card.locator(`use[href$="#${icons[2]}"]`)).not.toHaveCount(
        0,
      );
    } else if (field.kind === "list") {
      const item = field.itemLabel.toLowerCase();
      await expect(card.getByRole("listitem")).toHaveText([
        `Third ${item}`,
        `Second ${item}`,
      ]);
    } else if (field.kind === "details") {
      await expect(card.getByRole("listitem")).toHaveText([
        "Every second Saturday",
        "Bring a friend",
      ]);
      await expect(card.locator(`use[href$="#${icons[3]}"]`)).toHaveCount(1);
    } else if (field.kind === "paragraphs") {
      await expect(card.locator("p")).toHaveText([
        "The first paragraph.",
        "The second paragraph.",
      ]);
    } else if (field.kind === "colour") {
      await expect(card.locator("article")).toHaveCSS(
        "border-left-color",
        "rgb(167, 139, 250)",
      );
    }
  }
}

async function withoutJavaScript(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  const page = await context.newPage();
  await signInAsOwner(page, base);
  return { page, close: () => context.close() };
}

/** Deletes the row from its table's screen (to the trash). */
async function deleteRow(page: Page, config: SectionConfig, title: string) {
  await gotoHydrated(page, listPath(config));
  await page
    .getByRole("button", { name: `Delete ${title}`, exact: true })
    .click();
  await expect(page.getByText(`Moved to the trash: “${title}”.`)).toBeVisible();
}

/**
 * Tables that between them have every kind of field, picked from the
 * registry (the one with the most kinds not yet covered, first), so a new
 * kind of field joins the whole-life journeys without a change here.
 */
function tablesWithEveryFieldKind(): SectionConfig[] {
  const uncovered = new Set(
    Object.values(sectionConfigs).flatMap((config) =>
      config.fields.map((field) => field.kind),
    ),
  );
  const picked: SectionConfig[] = [];
  while (uncovered.size > 0) {
    const gain = (config: SectionConfig) =>
      new Set(
        config.fields
          .map((field) => field.kind)
          .filter((kind) => uncovered.has(kind)),
      ).size;
    const best = Object.values(sectionConfigs).reduce((a, b) =>
      gain(b) > gain(a) ? b : a,
    );
    picked.push(best);
    for (const field of best.fields) uncovered.delete(field.kind);
  }
  return picked;
}

const wholeLife = tablesWithEveryFieldKind();

/** Adds a row through the table's form; it comes last on the public page. */
async function addRow(
  page: Page,
  config: SectionConfig,
  title: string,
  before: string[],
) {
  await gotoHydrated(page, listPath(config));
  await page.getByRole("link", { name: `Add a ${config.singular}` }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Add a ${config.singular}` }),
  ).toBeVisible();
  await fillNew(page, config, title);
  await page
    .getByRole("button", { name: `Add ${config.singular}`, exact: true })
    .click();
  await expect(page.getByText(`Added: “${title}”.`)).toBeVisible();
  await expect(await publicTitles(page, config)).toHaveText([...before, title]);
}

for (const config of Object.values(sectionConfigs).filter(
  (config) => !wholeLife.includes(config),
)) {
  test(`${config.page}: ${config.name} — a row added shows on the public page, and deleted goes`, async ({
    page,
  }) => {
    const title = `Studio test ${randomBytes(3).toString("hex")}`;
    const before = await (await publicTitles(page, config)).allTextContents();
    expect(before.length).toBeGreaterThan(0);
    await addRow(page, config, title, before);
    await expect(
      publicCard(page, config, title).getByRole("heading", { level: 3 }),
    ).toHaveText(title);
    await deleteRow(page, config, title);
    await expect(await publicTitles(page, config)).toHaveText(before);
  });
}

for (const config of wholeLife) {
  test(`${config.page}: ${config.name} — add, edit, reorder, delete and restore`, async ({
    page,
    browser,
  }) => {
    const suffix = randomBytes(3).toString("hex");
    const title = `Studio test ${suffix}`;
    const edited = `Studio test edited ${suffix}`;
    const before = await (await publicTitles(page, config)).allTextContents();
    expect(before.length).toBeGreaterThan(0);

    // Add: the new row comes last on the public page.
    await addRow(page, config, title, before);

    // Edit: a new title, lists changed, another icon or colour.
    await gotoHydrated(page, listPath(config));
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: `Edit “${title}”` }),
    ).toBeVisible();
    await gotoHydrated(page, page.url());
    await editRow(page, config, edited);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(`Saved: “${edited}”.`)).toBeVisible();
    await expect(await publicTitles(page, config)).toHaveText([
      ...before,
      edited,
    ]);
    await expectEditedCard(page, config, edited);

    // Move up with the plain button, JavaScript off.
    const plain = await withoutJavaScript(browser);
    await plain.page.goto(listPath(config));
    await plain.page
      .getByRole("button", { name: `Move up ${edited}`, exact: true })
      .click();
    await expect(plain.page.getByText(`Moved: “${edited}”.`)).toBeVisible();
    await plain.close();
    await expect(await publicTitles(page, config)).toHaveText([
      ...before.slice(0, -1),
      edited,
      ...before.slice(-1),
    ]);

    // And back down by keyboard: pick up, arrow down, drop.
    await gotoHydrated(page, listPath(config));
    const handle = page.getByRole("button", {
      name: `Reorder ${edited}`,
      exact: true,
    });
    await handle.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    await expect(page.getByText(`Moved: “${edited}”.`)).toBeVisible();
    await expect(handle).toBeFocused();
    await expect(await publicTitles(page, config)).toHaveText([
      ...before,
      edited,
    ]);

    // Delete to the trash, and restore it from there.
    await deleteRow(page, config, edited);
    await expect(await publicTitles(page, config)).toHaveText(before);
    await gotoHydrated(page, listPath(config));
    await page
      .getByRole("region", { name: "Trash" })
      .getByRole("button", { name: `Restore ${edited}`, exact: true })
      .click();
    await expect(page.getByText(`Restored: “${edited}”.`)).toBeVisible();
    await expect(await publicTitles(page, config)).toHaveText([
      ...before,
      edited,
    ]);

    // Leave the demo list as it was (the row stays in the trash).
    await deleteRow(page, config, edited);
  });
}

test("bad input is refused with field errors, and an edit of an outdated version is refused", async ({
  page,
  browser,
}) => {
  const config = sectionConfigs.core_values;
  await gotoHydrated(page, `${listPath(config)}/new`);
  await page.getByRole("button", { name: "Add core value" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Nothing was saved: please correct the fields marked below.",
  );
  await expect(page.getByLabel("Title", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByText("Choose one of the icons shown.")).toBeVisible();

  // Two tabs open the same row; the second save is refused.
  const title = `Studio conflict ${randomBytes(3).toString("hex")}`;
  await fillNew(page, config, title);
  await page.getByRole("button", { name: "Add core value" }).click();
  await expect(page.getByText(`Added: “${title}”.`)).toBeVisible();
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/core-values\/[0-9a-f-]{36}$/);
  await gotoHydrated(page, page.url());
  const other = await browser.newPage();
  await other.context().setExtraHTTPHeaders({
    "x-forwarded-for": visitorAddress(),
  });
  await signInAsOwner(other, base);
  await gotoHydrated(other, page.url());
  await other.getByLabel("Title", { exact: true }).fill(`${title} first`);
  await other.getByRole("button", { name: "Save", exact: true }).click();
  await expect(other.getByText(`Saved: “${title} first”.`)).toBeVisible();
  await other.close();

  await page.getByLabel("Title", { exact: true }).fill(`${title} second`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText(
    "was changed after you opened it",
  );
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(
    `${title} second`,
  );
  await expect(await publicTitles(page, config)).toContainText([
    `${title} first`,
  ]);

  await deleteRow(page, config, `${title} first`);
});

test("the Pages screens: grouped by public page; every table's screens open, and every kind of field is axe-clean", async ({
  page,
}) => {
  await gotoHydrated(page, `${base}/studio`);
  await page
    .getByRole("navigation", { name: "Studio" })
    .getByRole("link", { name: "Pages" })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Pages" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(
    sectionPages.map((group) => group.name),
  );
  for (const group of sectionPages) {
    const region = page.getByRole("region", { name: group.name });
    await expect(
      region.getByRole("link", { name: `View the ${group.name} page` }),
    ).toHaveAttribute("href", group.path);
    await expect(region.getByRole("listitem")).toHaveCount(group.tables.length);
  }
  await expectNoAxeViolations(page);

  // Every table's list and its form for a demo row open with its values.
  // The screens are drawn from the registry by field kind, so axe runs over
  // one list and over both forms of the tables with every kind of field.
  for (const config of Object.values(sectionConfigs)) {
    const checked = wholeLife.includes(config);
    await page.goto(listPath(config));
    await expect(
      page.getByRole("heading", { level: 1, name: config.name }),
    ).toBeVisible();
    if (config === wholeLife[0]) await expectNoAxeViolations(page);
    const edit = page.getByRole("link", { name: /^Edit / }).first();
    const editPath = await edit.getAttribute("href");
    expect(editPath, config.name).toMatch(/^\/studio\/pages\/[^/]+\/[^/]+$/);
    await page.goto(`${base}${editPath}`);
    await expect(page.getByLabel("Title", { exact: true })).not.toHaveValue("");
    if (!checked) continue;
    await gotoHydrated(page, `${base}${editPath}`);
    await expectNoAxeViolations(page);
    await gotoHydrated(page, `${listPath(config)}/new`);
    await expectNoAxeViolations(page);
  }
});

/** The public section's id on its page (the config's anchor). */
function sectionId(config: SectionConfig): string {
  return config.publicPath.split("#")[1] ?? "";
}

/** Presses the form's Preview button; the preview opens in a new tab. */
async function openPreview(page: Page): Promise<Page> {
  const [preview] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("button", { name: /^Preview\b/ }).click(),
  ]);
  await preview.waitForLoadState();
  return preview;
}

test("Preview shows an edit's unsaved title in the public section, and saves nothing", async ({
  page,
}) => {
  const config = sectionConfigs.leadership_philosophies;
  const [first] = await (await publicTitles(page, config)).allTextContents();
  if (!first) throw new Error(`${config.name} has no rows to edit`);
  const changed = `${first} previewed ${randomBytes(3).toString("hex")}`;

  await gotoHydrated(page, listPath(config));
  await page.getByRole("link", { name: `Edit ${first}`, exact: true }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Edit “${first}”` }),
  ).toBeVisible();
  const formUrl = page.url();
  await page.getByLabel("Title", { exact: true }).fill(changed);
  const preview = await openPreview(page);

  await expect(preview).toHaveURL(
    /\/leadership-philosophies\/[0-9a-f-]{36}\/preview$/,
  );
  await expect(preview.getByRole("note", { name: "Preview" })).toContainText(
    "Your changes are not saved yet",
  );
  // The edited row, where it stands in the public section's own cards.
  const titles = cardTitles(preview, config.name);
  await expect(titles.first()).toHaveText(changed);
  await expect(
    preview.getByRole("heading", { level: 3, name: first, exact: true }),
  ).toHaveCount(0);
  await expectNoAxeViolations(preview);

  // The form keeps what was typed, and visitors still see the saved title.
  await expect(page).toHaveURL(formUrl);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(changed);
  await preview.close();
  const after = await publicTitles(page, config);
  await expect(after.first()).toHaveText(first);
  await expect(after.filter({ hasText: changed })).toHaveCount(0);
});

test("Preview without JavaScript: a new row comes last; bad values are listed, not drawn", async ({
  browser,
}) => {
  const config = sectionConfigs.motivational_sections;
  const title = `Studio preview ${randomBytes(3).toString("hex")}`;
  const plain = await withoutJavaScript(browser);
  await plain.page.goto(`${listPath(config)}/new`);

  // Nothing filled in: the preview lists what a save would refuse.
  const refused = await openPreview(plain.page);
  const alert = refused.getByRole("alert");
  await expect(alert).toContainText("some fields need correcting");
  await expect(alert.getByRole("listitem")).toContainText([
    "Title: Write something here.",
    "Icon: Choose one of the icons shown.",
  ]);
  await expect(refused.getByRole("region", { name: config.name })).toHaveCount(
    0,
  );
  await refused.close();

  await fillNew(plain.page, config, title);
  const preview = await openPreview(plain.page);
  await expect(preview.getByRole("note", { name: "Preview" })).toContainText(
    "not saved",
  );
  await expect(cardTitles(preview, config.name).last()).toHaveText(title);
  await expect(
    publicCard(preview, config, title).getByText(`Quote of ${title}`),
  ).toBeVisible();
  await preview.close();

  // Nothing was added.
  await expect(
    (await publicTitles(plain.page, config)).filter({ hasText: title }),
  ).toHaveCount(0);
  await plain.close();
});

test("every table's preview draws its section as the public page does", async ({
  browser,
}) => {
  // Without JavaScript both pages stay as the server drew them (no entry
  // animation). One early row is compared by its title, as other journeys
  // add rows at the end of these lists while this one runs.
  const plain = await withoutJavaScript(browser);
  const { page } = plain;
  // React's generated ids (useId) depend on where the tree sits in the page.
  const html = async (locator: Locator) =>
    (await locator.innerHTML()).replace(/_R_[0-9a-z]+_/gi, "_R_id_");
  const drawn = async (target: Page, config: SectionConfig, title: string) => {
    const section = target.locator(
      `section[aria-labelledby="${sectionId(config)}-heading"]`,
    );
    return {
      heading: await html(section.locator(":scope > div").first()),
      list: await section.getByRole("list").first().getAttribute("class"),
      row: await html(publicCard(target, config, title)),
    };
  };
  for (const config of Object.values(sectionConfigs)) {
    await page.goto(base + publicPath(config));
    const title = await cardTitles(page, config.name).first().textContent();
    if (!title) throw new Error(`${config.name} has no rows`);
    const expected = await drawn(page, config, title);
    await page.goto(listPath(config));
    await page
      .getByRole("link", { name: `Edit ${title}`, exact: true })
      .click();
    const preview = await openPreview(page);
    expect(await drawn(preview, config, title), config.name).toEqual(expected);
    await preview.close();
  }
  await plain.close();
});

test("the preview is the owner's: anonymous posts are sent to sign in; the owner's answer is not stored or indexed", async ({
  page,
  playwright,
}) => {
  const url = `${listPath(sectionConfigs.core_values)}/new/preview`;
  const headers = { origin: base, "x-forwarded-for": visitorAddress() };
  const anonymous = await playwright.request.newContext();
  const refused = await anonymous.post(url, {
    form: { title: "Anonymous" },
    maxRedirects: 0,
    headers,
  });
  expect(refused.status()).toBe(302);
  expect(refused.headers().location).toMatch(/^\/sign-in\?redirectTo=/);
  await anonymous.dispose();

  const shown = await page.request.post(url, {
    form: { title: "Owner", description: "Drawn for the owner", icon: "Heart" },
    maxRedirects: 0,
    headers,
  });
  expect(shown.status()).toBe(200);
  expect(shown.headers()["cache-control"]).toContain("no-store");
  expect(shown.headers()["x-robots-tag"]).toContain("noindex");
  expect(await shown.text()).toContain("Drawn for the owner");
});

test("a demo row whose icon is outside its table's set says so, and is not saved until one is chosen", async ({
  page,
}) => {
  const config = sectionConfigs.core_values;
  await gotoHydrated(page, listPath(config));
  await page
    .getByRole("link", { name: "Edit Humility in Success", exact: true })
    .click();
  const icon = page.getByRole("group", { name: "Icon" });
  await expect(icon).toHaveAccessibleDescription(
    /“Feather” is not one of these icons, so the page shows the default icon/,
  );
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(icon).toHaveAccessibleDescription(
    /Choose one of the icons shown\./,
  );
});
