// Scheduling with two production instances on one PostgreSQL database: the
// owner schedules a post a minute ahead in one of them; when the instances'
// clocks reach that minute, the post is on the public site of both,
// published exactly once (one public row, one "publish" in the activity log,
// one publish revision, one instance saying it published it). The clocks are
// moved, not waited for: each instance runs with tests/support/shifted-clock.ts
// preloaded, which shifts its Date from outside; the servers' code is the
// production code (decision 017). The newsletter is on with one confirmed
// reader: the owner ticks "Also send to 1 subscriber" from the keyboard as
// they schedule, and the publishing pass queues the post's send, once.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

import { expect, test } from "@playwright/test";
import pg from "pg";

import type { SeededPostgres } from "~scripts/lib/database";
import { freePort, launchServer } from "~scripts/lib/server";
import type { RunningServer } from "~scripts/lib/server";

import { seededPostgresWithOwner, signInAsOwner } from "./support/auth";
import { expectNoAxeViolations, gotoHydrated } from "./support/journeys";

const adminUrl = process.env.TEST_DATABASE_URL;
test.skip(!adminUrl, "needs PostgreSQL: set TEST_DATABASE_URL");
test.describe.configure({ mode: "serial" });

let database: SeededPostgres;
let sql: pg.Client;
let clockFile: string;
const instances: Array<{ server: RunningServer; log: string }> = [];

/** Moves every instance's clock to `offsetMs` past real time. */
function moveClocks(offsetMs: number) {
  writeFileSync(clockFile, String(offsetMs));
  for (const { server } of instances) server.process.kill("SIGUSR2");
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await seededPostgresWithOwner(adminUrl ?? "", "schedule");
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  clockFile = test.info().outputPath("clock-offset-ms");
  writeFileSync(clockFile, "0");
  const preload = path.resolve("tests/support/shifted-clock.ts");
  for (const name of ["a", "b"]) {
    const log = test.info().outputPath(`instance-${name}.log`);
    const server = await launchServer({
      siteUrlIsServed: true,
      port: await freePort(),
      env: {
        DATABASE_URL: database.url,
        LOG_LEVEL: "info",
        SHIFTED_CLOCK_FILE: clockFile,
        NODE_OPTIONS: `--import=${preload}`,
      },
      log,
    });
    instances.push({ server, log });
  }
});

test.afterAll(async () => {
  await Promise.all(instances.map(({ server }) => server.stop()));
  await sql?.end();
  await database?.drop();
});

async function publicStatus(url: string): Promise<number> {
  const response = await fetch(url, { redirect: "manual" });
  await response.body?.cancel();
  return response.status;
}

test("a post scheduled a minute ahead is published once, by one instance, and both serve it", async ({
  page,
}) => {
  test.slow();
  const [a, b] = instances.map(({ server }) => server);
  if (!a || !b) throw new Error("two instances are needed");
  const title = `Scheduled Sunrise ${randomBytes(3).toString("hex")}`;

  // The list is on, with one confirmed reader (as the studio's import leaves one).
  await sql.query(
    "insert into newsletter_settings (enabled, list_name, promise) values (true, 'Notes', 'New posts.') on conflict (id) do update set enabled = true",
  );
  await sql.query(
    "insert into newsletter_subscribers (email, status, consent_source, consent_wording, unsubscribe_token, confirmed_at) values ('reader@example.org', 'confirmed', 'import', 'Met at a talk.', $1, now()) on conflict (email) do nothing",
    [randomBytes(16).toString("hex")],
  );

  await signInAsOwner(page, a.url);
  await gotoHydrated(page, `${a.url}/studio/posts`);
  await page.getByRole("link", { name: "New post" }).click();
  await expect(page).toHaveURL(`${a.url}/studio/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill(title);
  // The title stores the post, at its own address.
  await expect(page).toHaveURL(/\/studio\/posts\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").pop() ?? "";
  await page.getByLabel("Excerpt").fill("Written tonight, out tomorrow.");
  await page.getByLabel("Category").fill("Notes");
  await page.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.type("The first light reached the ridge at six.");
  const publishing = page.getByRole("complementary", { name: "Publishing" });
  await expect(publishing.getByRole("status")).toContainText(/^Saved /);

  // From the keyboard: the box that mails the post too, then the schedule
  // form, which suggests a minute from now; the owner takes it.
  const alsoSend = publishing.getByRole("checkbox", {
    name: "Also send to 1 subscriber",
  });
  await alsoSend.focus();
  await page.keyboard.press("Space");
  await expect(alsoSend).toBeChecked();
  await publishing.getByRole("button", { name: "Schedule..." }).click();
  await expectNoAxeViolations(page);
  await publishing
    .getByRole("button", { name: "Schedule", exact: true })
    .click();
  await expect(publishing).toContainText("Publishes");
  await expect(
    page
      .getByRole("region", { name: "Notifications (F8)" })
      .getByRole("listitem")
      .filter({ hasText: "The newsletter will mail it then." }),
  ).toBeVisible();
  expect(
    (
      await sql.query(
        "select post_id from newsletter_scheduled_sends where post_id = $1",
        [id],
      )
    ).rowCount,
  ).toBe(1);
  const slug = await page.getByLabel("Address", { exact: true }).inputValue();
  for (const server of [a, b]) {
    expect(await publicStatus(`${server.url}/post/${slug}`)).toBe(404);
  }

  // Three minutes later on both instances: their next scheduler tick (every
  // 15 s) finds the post due.
  moveClocks(3 * 60_000);
  for (const server of [a, b]) {
    await expect
      .poll(() => publicStatus(`${server.url}/post/${slug}`), {
        timeout: 45_000,
        intervals: [250],
      })
      .toBe(200);
  }
  const html = await (await fetch(`${b.url}/post/${slug}`)).text();
  expect(html).toContain(title);

  const count = async (query: string) =>
    Number((await sql.query<{ n: string }>(query, [id])).rows[0]?.n);
  expect(await count("select count(*) as n from posts where id = $1")).toBe(1);
  expect(
    await count(
      "select count(*) as n from studio_activity where subject_id = $1 and action in ('publish', 'update')",
    ),
  ).toBe(1);
  expect(
    await count(
      "select count(*) as n from studio_post_revisions where post_id = $1 and kind = 'publish'",
    ),
  ).toBe(1);
  expect(
    await count(
      "select count(*) as n from studio_posts where post_id = $1 and scheduled_at is null",
    ),
  ).toBe(1);
  const publishers = instances.filter(({ log }) =>
    readFileSync(log, "utf8")
      .split("\n")
      .some(
        (line) =>
          line.includes("scheduled posts published") && line.includes(id),
      ),
  );
  expect(publishers).toHaveLength(1);

  // Its send is queued once, for the one reader, and the wish is spent.
  await expect
    .poll(() =>
      count(
        "select count(*) as n from newsletter_sends where post_id = $1 and recipients = 1",
      ),
    )
    .toBe(1);
  expect(
    await count(
      "select count(*) as n from newsletter_scheduled_sends where post_id = $1",
    ),
  ).toBe(0);
  await gotoHydrated(page, `${a.url}/studio/newsletter`);
  await expect(
    page
      .getByRole("region", { name: "Sends" })
      .getByRole("row")
      .filter({ hasText: title }),
  ).toBeVisible();

  // The studio shows it as published, on either instance.
  await page.goto(`${a.url}/studio/posts/${id}`);
  await expect(
    page.getByText("Published", { exact: true }).first(),
  ).toBeVisible();
});
