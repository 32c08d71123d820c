// The export always imports (issue 24): whatever the studio accepts — a post
// in each of its states, with its optional fields empty or every field at
// the editor's maximum, and the rows of every section table — is exported,
// imported into a fresh database, and reads back the same in the studio and
// through the public pages' own data functions.
import path from "node:path";

import { describe, expect, test } from "vitest";

import { emptyPostFields } from "~database/post-lifecycle/fields";
import type { Database } from "~database/client";
import type { SectionTable } from "~database/content-schemas";
import { createDraft } from "~database/post-lifecycle/edit";
import { trashPost } from "~database/post-lifecycle/trash";
import { iconSets } from "~/lib/icon-names";
import { HIGHLIGHT_TYPES, POST_CATEGORIES } from "~/lib/posts";
import { handleSave } from "~/studio/save-post.server";
import { sectionConfigs } from "~/studio/sections";
import type { SectionConfig, SectionValues } from "~/studio/sections";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import { recordedReadFailure } from "~tests/support/read-failure";

import { readCoreValues, readJourneySections } from "./about.server";
import { readCommunityEvents, readCommunityValues } from "./community.server";
import { exportArchive, importArchive } from "./content-archive.server";
import { loadFitnessLists } from "./fitness.server";
import { loadLeadershipLists } from "./leadership.server";
import { readMotivationalSections } from "./motivational.server";
import {
  readMusicPhilosophies,
  readTrailPhilosophies,
} from "./philosophies.server";
import { readContentHubPage } from "./post-archives.server";
import { readPostBySlug, readPostFeed } from "./posts.server";
import { createSectionRow, listSectionRows } from "./studio-sections.server";
import { listStudioPosts, readStudioPost } from "./studio-posts.server";

const publicDir = path.resolve("public");
const actor = { actor: "Jordan Avery" };
const scheduledAt = "2031-03-01T09:30:00.000Z";

/** `value` as plain data, without the keys a new database gives out afresh. */
function without(value: unknown, ...keys: string[]): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, item: unknown) =>
      keys.includes(key) ? undefined : item,
    ),
  ) as unknown;
}

/** Text the archive's YAML and Markdown must carry as it is. */
const awkward = `a: "quoted" 'single' # not a comment — ünïcode “curly” & <b>not bold</b> {x} [y] %z @w \`t\` | > ! *`;
const fill = (length: number, seed = awkward) =>
  seed
    .repeat(Math.ceil(length / seed.length))
    .slice(0, length)
    .trim();

/** The least the editor saves: every optional field empty. */
function leastPost(slug: string) {
  return {
    slug,
    title: "T",
    excerpt: "",
    category: "",
    author: "A",
    date: "2026-11-20",
    image: "",
    content: "",
    meta: null,
    searchTitle: "",
    searchDescription: "",
    socialImage: "",
    canonicalUrl: "",
  };
}

/** Every field at the editor's maximum (post-schema.ts). */
function mostPost(slug: string) {
  const address = "https://images.example.org/";
  const paragraph = `<p>${fill(999, "word &amp; “más” ")}</p>`;
  return {
    slug: `${slug}-${"x".repeat(80)}`.slice(0, 80),
    title: fill(200),
    excerpt: fill(500),
    category: fill(60, "Category: #1 ").padEnd(60, "z"),
    author: fill(120, "Ann-Marie O'Brien ").padEnd(120, "z"),
    date: "2026-12-31",
    image: `${address}${"i".repeat(2000 - address.length - 4)}.jpg`,
    content: paragraph.repeat(Math.floor(500_000 / paragraph.length)),
    meta: null,
    searchTitle: fill(200),
    searchDescription: fill(400),
    socialImage: `${address}${"s".repeat(2000 - address.length - 4)}.png`,
    canonicalUrl: `https://elsewhere.example.org/${"c".repeat(2000 - 30)}`,
  };
}

/** A travel post with every field of its details at its maximum. */
function mostTravel(slug: string) {
  return {
    ...mostPost(slug),
    category: POST_CATEGORIES.travel,
    meta: {
      // Text another YAML dialect would read as a number.
      status: "12:30:00",
      location: fill(120),
      coordinates: [-89.5, 179.25],
      highlights: Array.from({ length: 20 }, (_, index) => ({
        name: fill(120, `${index}: `),
        type: HIGHLIGHT_TYPES[index % HIGHLIGHT_TYPES.length],
      })),
      takeaway: fill(500),
    },
  };
}

/** A concert with its details empty. */
function leastConcert(slug: string) {
  return {
    ...leastPost(slug),
    category: POST_CATEGORIES.music,
    content: "<p>x</p>",
    meta: { artist: "", venue: "", rating: null },
  };
}

function content(slug: string) {
  return `<p>The body of ${slug}.</p>`;
}

/** The owner's editor, on `db`: each post put in one of the studio's states. */
function studioOn(db: Database) {
  const owner = {
    db,
    owner: { id: "o", email: "o@example.org", name: "Jordan", role: "owner" },
  };
  const save = async (
    id: string,
    baseVersion: number,
    intent: string,
    post: Record<string, unknown> | undefined,
    extra: Record<string, unknown> = {},
  ) => {
    const response = await handleSave(owner, id, {
      intent,
      baseVersion,
      post,
      ...extra,
    });
    const answer = (await response.json()) as {
      status: string;
      post: { id: string; version: number };
    };
    expect(answer, `${intent} ${String(post?.slug)}`).toMatchObject({
      status: "saved",
    });
    return answer.post;
  };
  const draft = async (post: Record<string, unknown>) => {
    const made = await createDraft(
      db,
      {
        ...emptyPostFields(),
        ...leastPost(String(post.slug)),
        image: null,
      },
      actor,
    );
    if (made.status !== "done") throw new Error(made.status);
    return save(made.post.id, made.post.version, "save", post);
  };
  const publish = async (post: Record<string, unknown>) => {
    const saved = await draft(post);
    return save(saved.id, saved.version, "publish", post);
  };
  return {
    draft,
    publish,
    /** Published, then edited and saved without publishing. */
    async changed(
      post: Record<string, unknown>,
      change: Record<string, unknown>,
    ) {
      const live = await publish(post);
      return save(live.id, live.version, "save", { ...post, ...change });
    },
    async schedule(post: Record<string, unknown>) {
      const saved = await draft(post);
      return save(saved.id, saved.version, "schedule", post, { scheduledAt });
    },
    /** Published, then its next version scheduled. */
    async scheduleChanges(
      post: Record<string, unknown>,
      change: Record<string, unknown>,
    ) {
      const live = await publish(post);
      return save(
        live.id,
        live.version,
        "schedule",
        { ...post, ...change },
        {
          scheduledAt,
        },
      );
    },
    async unpublish(post: Record<string, unknown>) {
      const live = await publish(post);
      return save(live.id, live.version, "unpublish", undefined);
    },
    async trash(post: Record<string, unknown>) {
      const saved = await draft(post);
      const binned = await trashPost(db, { id: saved.id }, actor);
      if (binned.status !== "done") throw new Error(binned.status);
    },
  };
}

/** What the studio shows of every post: its list, and each post in the editor. */
async function studioView(db: Database) {
  const list = (await listStudioPosts(db)).sort((a, b) =>
    a.slug.localeCompare(b.slug),
  );
  const editor = await Promise.all(
    list.map((post) => readStudioPost(db, post.id)),
  );
  return without({ list, editor }, "id", "version", "updatedAt");
}

/** What visitors are shown of the posts: the hub, the feed, each post's page. */
async function publicPosts(db: Database) {
  const feed = await readPostFeed(db);
  const pages = await Promise.all(
    feed.map((post) => readPostBySlug(db, post.slug)),
  );
  return without({ hub: await readContentHubPage(db, 1), feed, pages }, "id");
}

describe.each(testDatabaseKinds)(
  "the export always imports, on %s",
  { timeout: 180_000 },
  (kind) => {
    test("posts in every state, with optional fields empty and every field at its maximum, read back the same", async () => {
      const source = await createTestDatabase(kind);
      const target = await createTestDatabase(kind);
      try {
        const studio = studioOn(source.db);
        const published = {
          ...leastPost("published-least"),
          // Strings another YAML dialect would read as a date and numbers.
          title: "2026-11-20",
          author: "12:30:00",
          category: "1_000",
          content: "<p></p>",
        };
        await studio.draft(leastPost("draft-least"));
        await studio.draft(mostTravel("draft-most"));
        await studio.publish(published);
        await studio.publish(mostPost("published-most"));
        await studio.publish(mostTravel("published-travel"));
        await studio.publish(leastConcert("published-concert"));
        await studio.changed(
          { ...published, slug: "changed-least" },
          // A draft of a public post may lose its category and body again.
          { title: "Changed", category: "", content: "" },
        );
        await studio.changed(mostPost("changed-most"), {
          slug: "changed-most-moved",
          excerpt: "",
          image: "",
          searchTitle: "",
          canonicalUrl: "",
        });
        await studio.schedule({ ...published, slug: "scheduled-least" });
        await studio.schedule(mostPost("scheduled-most"));
        await studio.scheduleChanges(
          { ...published, slug: "rescheduled" },
          { title: fill(200), content: content("rescheduled") },
        );
        await studio.unpublish({ ...published, slug: "unpublished-least" });
        await studio.unpublish(mostTravel("unpublished-travel"));
        await studio.trash(mostPost("trashed"));

        const before = await studioView(source.db);
        // Each state the studio has is here, so the round trip covers it.
        const posts = await listStudioPosts(source.db);
        expect(new Set(posts.map((post) => post.state))).toEqual(
          new Set(["draft", "published", "scheduled", "trash"]),
        );
        expect(posts.filter((post) => post.unpublishedChanges)).toHaveLength(3);

        await importArchive(
          target.db,
          await exportArchive(source.db),
          publicDir,
        );
        // The trash stays out of an archive (what the owner means to keep).
        const { list, editor } = before as {
          list: Array<{ state: string }>;
          editor: Array<{ state: string }>;
        };
        expect(await studioView(target.db)).toEqual({
          list: list.filter((post) => post.state !== "trash"),
          editor: editor.filter((post) => post.state !== "trash"),
        });
        expect(await publicPosts(target.db)).toEqual(
          await publicPosts(source.db),
        );
        // An export of the import is the same archive's content again.
        const third = await createTestDatabase(kind);
        try {
          await importArchive(
            third.db,
            await exportArchive(target.db),
            publicDir,
          );
          expect(await studioView(third.db)).toEqual(
            await studioView(target.db),
          );
        } finally {
          await third.dispose();
        }
      } finally {
        await source.dispose();
        await target.dispose();
      }
    });

    test("every section table's rows, with optional fields empty and long awkward text, read back the same", async () => {
      const source = await createTestDatabase(kind);
      const target = await createTestDatabase(kind);
      try {
        for (const config of Object.values(sectionConfigs)) {
          for (const values of [leastRow(config), mostRow(config)]) {
            const made = await createSectionRow(
              source.db,
              config.table,
              values,
              actor,
            );
            expect(
              made,
              `${config.table} ${JSON.stringify(values)}`,
            ).toMatchObject({ status: "done" });
          }
        }
        await importArchive(
          target.db,
          await exportArchive(source.db),
          publicDir,
        );
        for (const table of Object.keys(sectionConfigs) as SectionTable[]) {
          const rows = without(await listSectionRows(source.db, table), "id");
          expect(rows).toHaveLength(2);
          expect(
            without(await listSectionRows(target.db, table), "id"),
            table,
          ).toEqual(rows);
        }
        expect(await publicSections(target.db)).toEqual(
          await publicSections(source.db),
        );
      } finally {
        await source.dispose();
        await target.dispose();
      }
    });
  },
);

function iconsOf(config: SectionConfig): readonly string[] {
  return config.iconSet ? iconSets[config.iconSet] : ["Heart"];
}

/** A row with one character in each text, no list items, no optional field. */
function leastRow(config: SectionConfig): SectionValues {
  const values: SectionValues = {};
  for (const field of config.fields) {
    if (field.kind === "list" || field.kind === "details")
      values[field.name] = [];
    else if (field.kind === "icon") values.icon = iconsOf(config)[0];
    else if (field.kind !== "colour") values[field.name] = "x";
  }
  return values;
}

/** A row with long awkward text in every field, and many list items. */
function mostRow(config: SectionConfig): SectionValues {
  const icons = iconsOf(config);
  const values: SectionValues = {};
  for (const field of config.fields) {
    if (field.kind === "list")
      values[field.name] = Array.from({ length: 40 }, (_, index) =>
        fill(500, `${index}. - ${awkward}`),
      );
    else if (field.kind === "details")
      values.details = Array.from({ length: 40 }, (_, index) => ({
        icon: icons[index % icons.length],
        text: fill(500, `${index}: ${awkward}`),
      }));
    else if (field.kind === "icon") values.icon = icons.at(-1);
    else if (field.kind === "colour") values.border_color = "#a78bfa";
    else if (field.kind === "paragraphs")
      values[field.name] = Array.from({ length: 20 }, () => fill(2_000)).join(
        "\n\n",
      );
    else values[field.name] = fill(field.kind === "text" ? 500 : 5_000);
  }
  return values;
}

/** What the public pages are given from the section tables. */
async function publicSections(db: Database) {
  const { failure } = recordedReadFailure();
  return without(
    {
      coreValues: await readCoreValues(db),
      journey: await readJourneySections(db),
      trail: await readTrailPhilosophies(db),
      music: await readMusicPhilosophies(db),
      community: await readCommunityValues(db),
      events: await readCommunityEvents(db),
      motivational: await readMotivationalSections(db),
      leadership: await loadLeadershipLists(db, failure),
      fitness: await loadFitnessLists(db, failure),
    },
    "id",
  );
}
