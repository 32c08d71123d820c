// No production module past 400 lines: one that grows past it holds more
// than one concern and is split. The drizzle schema is the one list of
// tables and stays whole.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const LIMIT = 400;
const exempt = new Set(["database/schema.ts"]);

function modules(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), {
    withFileTypes: true,
  })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) modules(file, found);
    else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(test|d)\.tsx?$/.test(entry.name)
    )
      found.push(file);
  }
  return found;
}

test(`every production module is at most ${LIMIT} lines`, () => {
  const found = ["app", "server", "database", "shared"].flatMap((dir) =>
    modules(dir),
  );
  expect(found.length).toBeGreaterThan(100);
  const long = found
    .filter((file) => !exempt.has(file))
    .map((file) => ({
      file,
      lines: readFileSync(path.join(root, file), "utf8").split("\n").length - 1,
    }))
    .filter(({ lines }) => lines > LIMIT);
  expect(long).toEqual([]);
});
