// Two production instances on one PostgreSQL database, their pages cached
// for an hour: an edit made with plain SQL (as in psql) shows on the next
// page load of both, and the page cache still answers between edits. The
// database announces each change (docs/decisions/013); without that, these
// polls of at most a second would time out on the cached pages.
import { readFileSync } from "node:fs";

import { expect, test } from "@playwright/test";
import pg from "pg";

import { LISTENER_APPLICATION_NAME } from "~database/content-listener";
import { createSeededPostgres } from "~scripts/lib/database";
import type { SeededPostgres } from "~scripts/lib/database";
import { freePort, launchServer } from "~scripts/lib/server";
import type { RunningServer } from "~scripts/lib/server";

const adminUrl = process.env.TEST_DATABASE_URL;
test.skip(!adminUrl, "needs PostgreSQL: set TEST_DATABASE_URL");
test.describe.configure({ mode: "serial" });

const visible = { timeout: 1_000, intervals: [5] };
const POST = "/post/first-light-on-the-ridge";

let database: SeededPostgres;
let owner: pg.Client;
const instances: Array<{ server: RunningServer; log: string }> = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await createSeededPostgres(adminUrl ?? "", "freshness");
  owner = new pg.Client({ connectionString: database.url });
  await owner.connect();
  for (const name of ["a", "b"]) {
    const log = test.info().outputPath(`instance-${name}.log`);
    const server = await launchServer({
      siteUrlIsServed: true,
      port: await freePort(),
      env: { DATABASE_URL: database.url, LOG_LEVEL: "info" },
      log,
    });
    instances.push({ server, log });
  }
});

test.afterAll(async () => {
  await Promise.all(instances.map(({ server }) => server.stop()));
  await owner?.end();
  await database?.drop();
});

const page = async (url: string) => {
  const response = await fetch(url);
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    html: await response.text(),
  };
};

/** A second anonymous request is answered from the page cache. */
async function expectCached(path: string) {
  for (const { server } of instances) {
    await page(server.url + path);
    expect((await page(server.url + path)).cache, server.url + path).toBe(
      "hit",
    );
  }
}

/** Every instance serves `check` within a second. */
async function expectEverywhere(
  path: string,
  check: (served: { status: number; html: string }) => boolean,
) {
  for (const { server } of instances) {
    await expect
      .poll(async () => check(await page(server.url + path)), visible)
      .toBe(true);
  }
}

test("an insert, update, delete and truncate made with SQL show on the next page of both instances; pages stay cached between edits", async ({
  page: browser,
}) => {
  const [first] = instances;
  if (!first) throw new Error("no instance");
  await expectCached("/about");
  await expectCached(POST);

  await owner.query(
    `insert into core_values (title, description, icon, display_order)
     values ('Curiosity Keeps Us Young', 'Ask one more question.', 'Lightbulb', 0)`,
  );
  await expectEverywhere("/about", ({ html }) =>
    html.includes("Curiosity Keeps Us Young"),
  );
  await browser.goto(first.server.url + "/about");
  await expect(
    browser.getByRole("heading", { name: "Curiosity Keeps Us Young" }),
  ).toBeVisible();
  await expectCached("/about");

  await owner.query(
    `update posts set title = 'First Light, Revisited'
     where slug = 'first-light-on-the-ridge'`,
  );
  await expectEverywhere(POST, ({ html }) =>
    html.includes("First Light, Revisited"),
  );
  await expectCached(POST);

  await owner.query(
    `delete from posts where slug = 'first-light-on-the-ridge'`,
  );
  await expectEverywhere(POST, ({ status }) => status === 404);

  await owner.query(`truncate core_values`);
  await expectEverywhere("/about", ({ html }) =>
    html.includes("No Core Values Yet!"),
  );
  await browser.reload();
  await expect(browser.getByText("No Core Values Yet!")).toBeVisible();
});

test("a listener whose connection is killed reconnects, forgets its cache, and later edits show again", async () => {
  // The states each instance logged, in order (one JSON object a line).
  const states = (log: string) =>
    readFileSync(log, "utf8")
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg?: string; state?: string })
      .filter((entry) => entry.msg === "content listener")
      .map((entry) => entry.state);

  await owner.query(
    `insert into core_values (title, description, icon)
     values ('Before the Cut', 'Still here.', 'Heart')`,
  );
  await expectEverywhere("/about", ({ html }) =>
    html.includes("Before the Cut"),
  );
  await expectCached("/about");
  // An edit whose notification is lost (this session's triggers are off),
  // like one made while a listener is away: the cached pages keep the old text.
  await owner.query(`set session_replication_role = replica`);
  await owner.query(
    `update core_values set title = 'Changed While Away' where title = 'Before the Cut'`,
  );
  await owner.query(`set session_replication_role = origin`);
  for (const { server } of instances) {
    expect((await page(server.url + "/about")).html).toContain(
      "Before the Cut",
    );
  }

  const before = instances.map(({ log }) => states(log).length);
  const killed = await owner.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
     where application_name = $1 and datname = current_database()`,
    [LISTENER_APPLICATION_NAME],
  );
  expect(killed.rowCount).toBe(2);
  for (const [index, { log }] of instances.entries()) {
    // Each instance says so in its log, then listens again.
    await expect
      .poll(
        () => {
          const since = states(log).slice(before[index]);
          return since[0] === "reconnecting" && since.at(-1) === "listening";
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  }
  // Back, it cannot know what it missed, so it forgot everything.
  await expectEverywhere("/about", ({ html }) =>
    html.includes("Changed While Away"),
  );

  await owner.query(
    `update core_values set title = 'After the Cut' where title = 'Changed While Away'`,
  );
  await expectEverywhere("/about", ({ html }) =>
    html.includes("After the Cut"),
  );
  await expectCached("/about");
});
