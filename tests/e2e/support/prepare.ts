// Prepares an embedded database for one kind of journey server before it starts.
import { readFile } from "node:fs/promises";
import path from "node:path";

import { eq, sql } from "drizzle-orm";

import { createOwner } from "~/auth/owner.server";
import { importDemoPictures } from "~/studio/media/demo-pictures.server";
import { openDatabase } from "~database/client";
import { seedFixture } from "~database/fixture";
import { posts, users } from "~database/schema";
import { sectionTableNames } from "~database/sections";
import { importContent } from "~database/seed";
import { migratedPgliteFile } from "~tests/support/database";

import {
  KEYHOLDER_EMAIL,
  KEYHOLDER_PASSWORD,
  OWNER_EMAIL,
  OWNER_PASSWORD,
  READER_EMAIL,
  READER_PASSWORD,
} from "./auth";
import { gpsPhoto, PHOTO_POST } from "./media";

/** Content tables the "broken" server cannot use: every read fails, and so does the contact insert. */
export const contentTables = [...sectionTableNames, "posts", "messages"];

const kind = process.argv[2];
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");

const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase({
  dataDir,
  databaseUrl,
  // A copy of the unit tests' migrated database (made here if no run has
  // made it yet) rather than initdb for each server: the servers are
  // prepared side by side, and initdb is most of what each one costs.
  ...(databaseUrl
    ? {}
    : {
        loadDataDir: new Blob([await readFile(await migratedPgliteFile())]),
      }),
});
try {
  await database.migrate();
  if (kind !== "empty")
    await importContent(database.db, path.resolve("content"));
  if (kind === "mail") {
    // The inbox journey reads the mail server's messages as the owner.
    await createOwner(database.db, {
      email: OWNER_EMAIL,
      password: OWNER_PASSWORD,
    });
  }
  if (kind === "mutable") {
    // The demo posts' pictures in the media library, as `npm run db:seed` puts them.
    await importDemoPictures(database.db, path.resolve("public"));
    // An owner only the account journey uses: changing its password signs
    // out its other sessions, and no other journey has one.
    await createOwner(database.db, {
      email: KEYHOLDER_EMAIL,
      password: KEYHOLDER_PASSWORD,
      name: "Kim Keyholder",
    });
    // Journeys that write sign in as this owner (signInAsOwner in ./auth.ts).
    await createOwner(database.db, {
      email: OWNER_EMAIL,
      password: OWNER_PASSWORD,
    });
    // A second account, signed in but not the owner: the studio refuses it.
    await createOwner(database.db, {
      email: READER_EMAIL,
      password: READER_PASSWORD,
      name: "Riley Reader",
    });
    await database.db
      .update(users)
      .set({ role: "reader" })
      .where(eq(users.email, READER_EMAIL));
    // A post showing the journeys' GPS photo as its image and in its body
    // (tests/e2e/studio-media.spec.ts uploads it).
    const photo = await gpsPhoto();
    await database.db.insert(posts).values({
      slug: PHOTO_POST.slug,
      title: PHOTO_POST.title,
      excerpt: "A post illustrated with an uploaded photo.",
      content: `<p>Opening paragraph.</p><p><img src="${photo.url}" alt="${PHOTO_POST.alt}"></p>`,
      image: photo.url,
      date: "2020-01-02",
      category: "Notes",
      author: "Test Author",
    });
    // A stored post whose HTML tries to run script three ways, and whose
    // excerpt (which also goes into the head's JSON-LD) tries to end a
    // script element; the post page must render all of it inert
    // (tests/e2e/post.spec.ts).
    await database.db.insert(posts).values({
      slug: "sanitiser-check",
      title: "Sanitiser Check",
      excerpt:
        "Stored HTML that must never run. </script><script>window.__xss=4</script>",
      content:
        '<p>Before the payload.</p><script>window.__xss=1</script><img src=x onerror="window.__xss=2"><a href="javascript:window.__xss=3">Payload link</a><p>After the payload.</p>',
      date: "2020-01-01",
      category: "Notes",
      author: "Test Author",
    });
    // A row edited by hand to name an image that is not there (the content
    // import refuses such a path): the card must fall back
    // (tests/e2e/content-hub.spec.ts).
    await database.db.insert(posts).values({
      slug: "missing-picture-check",
      title: "Missing Picture Check",
      excerpt: "Its image was never uploaded.",
      content: "<p>No picture here.</p>",
      image: "/images/posts/missing-picture-check.webp",
      date: "2019-01-01",
      category: "Notes",
      author: "Test Author",
    });
  }
  if (kind === "archive") {
    // 25 posts a category: Hiking 29, Music 30 and Travel 29 with the demo
    // posts (three pages of 12, three of 12, four of 8), the Content Hub 116
    // (five pages of 24).
    await seedFixture(database.db, 100);
  }
  if (kind === "broken") {
    for (const table of contentTables) {
      await database.db.execute(
        sql.raw(`alter table ${table} rename to ${table}_unreadable`),
      );
    }
  }
} finally {
  await database.close();
}
