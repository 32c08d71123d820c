// "Export everything" downloads the whole site's content as one archive laid
// out like content/; an archive with a bad record is refused, naming it, and
// changes nothing.
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";

import {
  ARCHIVE_MAX_ENTRIES,
  ARCHIVE_MAX_EXPANDED_BYTES,
} from "~/studio/archive";
import { readTarGz, writeTarGz } from "~database/tar";

import { serverUrl } from "../../playwright.config";
import { signInAsOwner } from "./support/auth";
import { expectNoAxeViolations, gotoHydrated } from "./support/journeys";

const base = serverUrl("mutable");

// Several screens and a download on a busy machine.
test.setTimeout(90_000);

test("the owner downloads everything as one archive; a broken archive is refused and nothing changes", async ({
  page,
}, testInfo) => {
  await signInAsOwner(page, base);
  await gotoHydrated(page, `${base}/studio/export`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Export and import" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export everything" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^content-\d{4}-\d{2}-\d{2}\.tar\.gz$/,
  );
  const file = testInfo.outputPath("export.tar.gz");
  await download.saveAs(file);
  const files = await readTarGz(await readFile(file), {
    maxBytes: ARCHIVE_MAX_EXPANDED_BYTES,
    maxEntries: ARCHIVE_MAX_ENTRIES,
  });
  const names = files.map((entry) => entry.path);
  expect(names).toContain("content/posts/alpine-lakes-loop.md");
  expect(names).toContain("content/core_values.yaml");
  expect(names).toContain("content/community_events.yaml");
  const post = files.find(
    (entry) => entry.path === "content/posts/alpine-lakes-loop.md",
  );
  expect(new TextDecoder().decode(post?.data)).toMatch(
    /^---\ntitle: Seven Lakes in One Long Day\n/,
  );

  // The same archive with one section row missing its description, and
  // 100 KB that do not compress: a real archive (with images) is far above
  // the 64 KB a form may send, and must reach the import to be judged.
  const broken = testInfo.outputPath("broken.tar.gz");
  const archive = await writeTarGz([
    ...files.map((entry) =>
      entry.path === "content/core_values.yaml"
        ? {
            ...entry,
            data: new TextEncoder().encode(
              "- title: Half a value\n  icon: Heart\n",
            ),
          }
        : entry,
    ),
    { path: "content/notes.bin", data: randomBytes(100_000) },
  ]);
  expect(archive.length).toBeGreaterThan(100_000);
  await writeFile(broken, archive);
  await page.getByLabel("Archive", { exact: true }).setInputFiles(broken);
  await page.getByRole("button", { name: "Import" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Nothing was imported");
  await expect(alert).toContainText("core_values.yaml record 1: description");

  await page.goto(`${base}/about`);
  await expect(page.getByText("Half a value")).toHaveCount(0);
});
