// Dependencies run one way (docs/decisions/015-module-layout.md): this runs
// the project's own ESLint config on made-up files, so "npm run lint fails
// on a wrong-way import" is a tested claim rather than a hope.
import path from "node:path";

import { ESLint } from "eslint";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

/** The import-rule errors ESLint reports for `code` as if it were the file at `file`. */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: path.join(root, file),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

test("app/ importing server/ fails lint", async () => {
  const errors = await importErrors(
    "app/routes/example.tsx",
    'export { pageCache } from "~server/page-cache";\n',
  );
  expect(errors).toEqual([
    expect.stringContaining("app/ may import only ~shared, ~database, ~"),
  ]);
});

test("database/ importing server/ or app/ fails lint", async () => {
  expect(
    await importErrors(
      "database/example.ts",
      'export { pageCache } from "~server/page-cache";\n',
    ),
  ).toEqual([expect.stringContaining("database/ may import only ~shared")]);
  expect(
    await importErrors(
      "database/example.ts",
      'export { site } from "~/config/site";\n',
    ),
  ).toEqual([expect.stringContaining("database/ may import only ~shared")]);
});

test("the right way round passes: app/ importing database/, server/ importing app/", async () => {
  expect(
    await importErrors(
      "app/routes/example.tsx",
      'export { openDatabase } from "~database/client";\n',
    ),
  ).toEqual([]);
  expect(
    await importErrors(
      "server/example.ts",
      'export { servicesContext } from "~/context";\n',
    ),
  ).toEqual([]);
});
