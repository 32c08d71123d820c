// Docs that stay true: every relative link in README.md and docs/, and every
// reference to a doc or a decision record anywhere (docs, code comments,
// config), names a file that exists.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const skipped = new Set([
  "node_modules",
  "build",
  ".react-router",
  ".git",
  ".data",
  ".e2e",
  "test-results",
  "playwright-report",
  "public",
  "content",
  "drizzle",
]);

function files(dir: string, pattern: RegExp, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name) || entry.name.startsWith("build-")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files(full, pattern, found);
    else if (pattern.test(entry.name)) found.push(full);
  }
  return found;
}

const decisions = readdirSync(path.join(root, "docs/decisions"));

/** What a reference to a decision or doc names, if it names nothing. */
export function danglingReferences(text: string, file: string): string[] {
  const dangling: string[] = [];
  const relative = path.relative(root, file);
  // Markdown links: [text](target), relative targets only.
  if (file.endsWith(".md")) {
    for (const [, target = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^([a-z]+:|#)/i.test(target)) continue;
      const resolved = path.resolve(
        path.dirname(file),
        target.split("#")[0] ?? "",
      );
      if (!existsSync(resolved)) dangling.push(`${relative}: link ${target}`);
    }
  }
  // Decision records by path: decisions/NNN-title(.md) or decisions/NNN.
  for (const [match, number = "", slug] of text.matchAll(
    /decisions\/(\d{3})(-[a-z0-9-]+)?(?:\.md)?/g,
  )) {
    const ok = slug
      ? decisions.includes(`${number}${slug}.md`)
      : decisions.some((name) => name.startsWith(`${number}-`));
    if (!ok) dangling.push(`${relative}: ${match}`);
  }
  // Other docs by path from the root: docs/NAME.md.
  for (const [match] of text.matchAll(/\bdocs\/[A-Z][A-Z_-]*\.md/g)) {
    if (!existsSync(path.join(root, match))) {
      dangling.push(`${relative}: ${match}`);
    }
  }
  return dangling;
}

test("every link and every reference to a doc or a decision resolves to a file", () => {
  const sources = [
    path.join(root, "README.md"),
    ...files(path.join(root, "docs"), /\.md$/),
    ...files(root, /\.(ts|tsx|js|css)$/).filter(
      // This file's examples dangle on purpose.
      (file) => statSync(file).isFile() && file !== import.meta.filename,
    ),
  ];
  const dangling = sources.flatMap((file) =>
    danglingReferences(readFileSync(file, "utf8"), file),
  );
  expect(dangling).toEqual([]);
});

test("a dangling link or decision reference is caught", () => {
  const file = path.join(root, "docs/EXAMPLE.md");
  expect(
    danglingReferences(
      "See [auth](decisions/001-auth.md), docs/decisions/099 and docs/NOPE.md; [ok](ARCHITECTURE.md).",
      file,
    ),
  ).toEqual([
    "docs/EXAMPLE.md: link decisions/001-auth.md",
    "docs/EXAMPLE.md: decisions/001-auth.md",
    "docs/EXAMPLE.md: decisions/099",
    "docs/EXAMPLE.md: docs/NOPE.md",
  ]);
});

test("every decision record says its status, date and what it supersedes", () => {
  const missing = decisions.filter((name) => {
    const text = readFileSync(path.join(root, "docs/decisions", name), "utf8");
    const status = /^Status: (.+)$/m.exec(text)?.[1];
    const date = /^Date: \d{4}-\d{2}-\d{2}$/m.test(text);
    // "Supersedes: ..." (or "nothing"), or a status that says what it amends.
    const supersedes =
      /^Supersedes: .+$/m.test(text) || /supersedes|amends/i.test(status ?? "");
    return !status || !date || !supersedes;
  });
  expect(missing).toEqual([]);
});
