// The social web between two sites (decision 061): A and B are production
// servers, each on its own database and port, with FEDIVERSE_PRIVATE_PEERS
// naming the other (loopback is otherwise refused). B follows A (a Follow
// signed with B's own key, as B's studio would send it), A accepts; A
// publishes and B's inbox takes the Create once; B replies, likes and
// boosts; A's owner approves the reply in the studio's Responses screen, and
// A's post page, as a visitor's browser shows it, has the reply, the counts
// and the handle to follow. "Copy handle" copies it; with script files
// blocked, the notice gives it to copy by hand.
import { signRequest } from "@fedify/fedify";
import { expect, test } from "@playwright/test";
import { sql } from "drizzle-orm";

import { writeStoredSettings } from "~/data/site-settings.server";
import { openDatabase } from "~database/client";
import type { DatabaseHandle } from "~database/client";
import { actorKeyPairs } from "~server/fediverse/keys";
import { createSeededPostgres } from "~scripts/lib/database";
import type { SeededPostgres } from "~scripts/lib/database";
import { launchServer } from "~scripts/lib/server";
import type { RunningServer } from "~scripts/lib/server";
import { publishedPost } from "~tests/support/posts";

import { seededPostgresWithOwner, signInAsOwner } from "./support/auth";
import { expectNotice, gotoHydrated, notices } from "./support/journeys";
import { blockScriptFiles } from "./support/script-files";

const adminUrl = process.env.TEST_DATABASE_URL;
test.skip(!adminUrl, "needs PostgreSQL: set TEST_DATABASE_URL");
test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

// This journey's own instances, past the journey servers' (playwright.config.ts).
const portBase = Number(process.env.E2E_PORT_BASE ?? 0);
const [A_PORT, B_PORT] = [4150 + portBase, 4151 + portBase];
const aUrl = `http://127.0.0.1:${A_PORT}`;
const bUrl = `http://127.0.0.1:${B_PORT}`;
const AS = "https://www.w3.org/ns/activitystreams";

const sites: Array<{
  database: SeededPostgres;
  handle: DatabaseHandle;
  server: RunningServer;
}> = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  for (const [name, port, peer, handle] of [
    ["a", A_PORT, B_PORT, "alice"],
    ["b", B_PORT, A_PORT, "bob"],
  ] as const) {
    const database =
      name === "a"
        ? await seededPostgresWithOwner(adminUrl ?? "", "fedi_a")
        : await createSeededPostgres(adminUrl ?? "", "fedi_b");
    const opened = await openDatabase({
      databaseUrl: database.url,
      dataDir: "",
    });
    await writeStoredSettings(opened.db, {
      socialWeb: "on",
      socialHandle: handle,
    });
    const server = await launchServer({
      name: `site ${name.toUpperCase()}`,
      port,
      siteUrlIsServed: true,
      requireFreePort: true,
      env: {
        DATABASE_URL: database.url,
        FEDIVERSE_PRIVATE_PEERS: `127.0.0.1:${peer}`,
      },
      log: test.info().outputPath(`site-${name}.log`),
    });
    sites.push({ database, handle: opened, server });
  }
});

test.afterAll(async () => {
  for (const site of sites) {
    await site.server.stop();
    await site.handle.close();
    await site.database.drop();
  }
});

function site(index: 0 | 1) {
  const found = sites[index];
  if (!found) throw new Error("the sites did not start");
  return found;
}

/** POSTs an activity to A's shared inbox, signed as B's actor with B's own key. */
async function fromB(activity: Record<string, unknown>) {
  const [rsa] = await actorKeyPairs(site(1).handle.db);
  if (!rsa) throw new Error("B has no key");
  const request = new Request(`${aUrl}/fediverse/inbox`, {
    method: "POST",
    headers: { "Content-Type": "application/activity+json" },
    body: JSON.stringify({
      "@context": AS,
      actor: `${bUrl}/fediverse/site`,
      ...activity,
    }),
  });
  const response = await fetch(
    await signRequest(
      request,
      rsa.privateKey,
      new URL(`${bUrl}/fediverse/site#main-key`),
    ),
  );
  return response.status;
}

/** The activities of this type B's inbox took, as B's delivery log holds them. */
async function receivedByB(type: string): Promise<string[]> {
  const { rows } = (await site(1).handle.db.execute(sql`
    select message->'activity'->>'id' as id from fediverse_queue
    where message->>'type' = 'inbox' and message->'activity'->>'type' = ${type}
      and done_at is not null`)) as unknown as { rows: Array<{ id: string }> };
  return rows.map((row) => row.id);
}

test("B follows A, A publishes, B replies, A's owner approves it and A's post page shows it with the counts", async ({
  browser,
}) => {
  const aHandle = `@alice@127.0.0.1:${A_PORT}`;
  const bHandle = `@bob@127.0.0.1:${B_PORT}`;

  // B follows A; A's signed Accept reaches B.
  expect(
    await fromB({
      id: `${bUrl}/fediverse/site#follow-1`,
      type: "Follow",
      object: `${aUrl}/fediverse/site`,
    }),
  ).toBe(202);
  await expect
    .poll(() => receivedByB("Accept"), { timeout: 30_000 })
    .toEqual([expect.any(String)]);

  // A publishes; B's inbox takes the Create once.
  const postId = await publishedPost(site(0).handle.db, {
    slug: "across-the-loopback",
    title: "Across the loopback",
    excerpt: "A post that B follows.",
  });
  await expect
    .poll(() => receivedByB("Create"), { timeout: 30_000 })
    .toHaveLength(1);

  // B replies, likes and boosts.
  const note = `${bUrl}/fediverse/replies/1`;
  expect(
    await fromB({
      id: `${note}#create`,
      type: "Create",
      object: {
        id: note,
        type: "Note",
        attributedTo: `${bUrl}/fediverse/site`,
        inReplyTo: `${aUrl}/fediverse/posts/${postId}`,
        content: "<p>Well met, across the loopback.</p>",
        to: `${AS}#Public`,
      },
    }),
  ).toBe(202);
  for (const type of ["Like", "Announce"]) {
    expect(
      await fromB({
        id: `${bUrl}/fediverse/site#${type.toLowerCase()}-1`,
        type,
        object: `${aUrl}/fediverse/posts/${postId}`,
      }),
    ).toBe(202);
  }

  // A visitor sees no reply before the owner approves it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${aUrl}/post/across-the-loopback`);
  const responses = visitor.getByRole("region", { name: "Responses" });
  await expect(responses).toContainText(`Follow ${aHandle}`);
  await expect(responses).not.toContainText("Well met");

  // A's owner approves it in the studio.
  const owner = await (await browser.newContext()).newPage();
  await signInAsOwner(owner, aUrl);
  await gotoHydrated(owner, `${aUrl}/studio/responses`);
  const reply = owner
    .getByRole("list", { name: "Replies" })
    .getByRole("listitem")
    .filter({ hasText: "Well met, across the loopback." });
  await expect(reply).toContainText(bHandle);
  await expect(reply).toContainText("Waiting");
  await expect(
    reply.getByRole("link", { name: "the original" }),
  ).toHaveAttribute("href", note);
  await reply.getByRole("button", { name: "Approve" }).click();
  await expectNotice(owner, {
    title: "Approved: it shows under its post",
    description: bHandle,
    destructive: false,
  });
  await expect(reply).toContainText("Shown under the post");

  // A's post page shows the reply, the counts and the handle to follow.
  await visitor.reload();
  await expect(responses).toContainText("1 like · 1 boost");
  await expect(responses.getByRole("listitem")).toHaveCount(1);
  const shown = responses.getByRole("listitem");
  await expect(shown).toContainText("Well met, across the loopback.");
  await expect(shown).toContainText(bHandle);
  await expect(
    shown.getByRole("link", { name: "The original" }),
  ).toHaveAttribute("href", note);

  // Nothing more reached B: the Create came once.
  expect(await receivedByB("Create")).toHaveLength(1);
});

test("Copy handle copies A's handle on the home page, About and a post; with script files blocked the notice gives it to copy by hand", async ({
  browser,
}) => {
  const handle = `@alice@127.0.0.1:${A_PORT}`;
  const context = await browser.newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  for (const path of ["/", "/about", "/post/across-the-loopback"]) {
    await gotoHydrated(page, `${aUrl}${path}`);
    await expect(
      page.getByText(`Follow ${handle} from Mastodon`),
    ).toBeVisible();
    await page.getByRole("button", { name: "Copy handle" }).click();
    await expect(notices(page).getByText("Handle copied")).toBeVisible();
    await expect(notices(page)).toContainText(handle);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      handle,
    );
  }

  const blocked = await (await browser.newContext()).newPage();
  await blockScriptFiles(blocked);
  await blocked.goto(`${aUrl}/about`);
  await blocked.getByRole("button", { name: "Copy handle" }).click();
  await expectNotice(blocked, {
    title: "Could not copy the handle",
    description: `Copy it from here: ${handle}`,
    destructive: true,
  });
});
