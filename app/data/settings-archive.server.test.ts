// The site settings go into the content archive and come back from it; a bad
// setting in an archive is refused with its field and message, and nothing
// of the archive is written.
import path from "node:path";

import { describe, expect, test } from "vitest";

import { defaultSettings } from "~/config/default-settings";
import { posts } from "~database/schema";
import { ContentError, importContent } from "~database/seed";
import { writeTarGz } from "~database/tar";
import { createTestDatabase } from "~tests/support/database";

import {
  exportArchive,
  importArchive,
  readArchive,
} from "./content-archive.server";
import { readSettings, saveSettings } from "./site-settings.server";

const publicDir = path.resolve("public");
const saved = {
  ...defaultSettings,
  ownerName: "Ana Souza",
  productName: "Forward",
  linkedInUrl: "https://www.linkedin.com/in/ana-souza",
};

describe(
  "the site settings in the content archive",
  { timeout: 120_000 },
  () => {
    test("exported, then imported into another site, they are the same", async () => {
      const source = await createTestDatabase("pglite");
      const target = await createTestDatabase("pglite");
      try {
        await importContent(source.db, path.resolve("content"));
        // Nothing saved: no file, and an import leaves the target's as they are.
        const plain = await readArchive(await exportArchive(source.db));
        expect(plain.map((file) => file.path)).not.toContain(
          "content/site-settings.yaml",
        );
        await saveSettings(source.db, saved);
        const files = await readArchive(await exportArchive(source.db));
        const file = files.find(
          (entry) => entry.path === "content/site-settings.yaml",
        );
        expect(new TextDecoder().decode(file?.data)).toContain(
          "productName: Forward",
        );
        await importArchive(target.db, await writeTarGz(files), publicDir);
        expect(await readSettings(target.db)).toEqual(saved);

        // A bad address in an archive: refused with its field, nothing written.
        const bad = files.map((entry) =>
          entry.path === "content/site-settings.yaml"
            ? {
                ...entry,
                data: new TextEncoder().encode(
                  "ownerName: Someone Else\ntwitterUrl: http://twitter.example/me\n",
                ),
              }
            : entry,
        );
        const postsBefore = (await target.db.select().from(posts)).length;
        const failure = await importArchive(
          target.db,
          await writeTarGz(bad),
          publicDir,
        ).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ContentError);
        expect((failure as ContentError).problems).toEqual([
          "site-settings.yaml: twitterUrl: The Twitter address must be a full https:// address, like https://example.com/you.",
        ]);
        expect(await readSettings(target.db)).toEqual(saved);
        expect((await target.db.select().from(posts)).length).toBe(postsBefore);
      } finally {
        await source.dispose();
        await target.dispose();
      }
    });
  },
);
