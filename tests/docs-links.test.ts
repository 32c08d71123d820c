// Docs that stay true: every relative link in README.md and docs/, every
// reference to a doc or a decision record anywhere (docs, code comments,
// config), and every repository path written in the docs or in a code
// comment names a file that exists.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { expect, test } from "vitest";
import { z } from "zod";

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

// What build, install and test runs write at the root; every other folder
// there holds the project's own files.
const generated = new Set([
  "node_modules",
  ".git",
  ".react-router",
  ".data",
  ".e2e",
  "test-results",
  "playwright-report",
]);
const trees = readdirSync(root, { withFileTypes: true })
  .filter(
    (entry) =>
      entry.isDirectory() &&
      !generated.has(entry.name) &&
      !entry.name.startsWith("build"),
  )
  .map((entry) => `${entry.name}/`);
// The import aliases (tsconfig "paths"): "~/*" -> "./app/*" becomes "~/" -> "app/".
const aliases = new Map(
  Object.entries(
    z
      .object({
        compilerOptions: z.object({
          paths: z.record(z.string(), z.array(z.string())),
        }),
      })
      .parse(JSON.parse(readFileSync(path.join(root, "tsconfig.json"), "utf8")))
      .compilerOptions.paths,
  ).map(([alias, [target = ""]]) => [
    alias.replace(/\*$/, ""),
    target.replace(/^\.\//, "").replace(/\*$/, ""),
  ]),
);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const rooted = [...trees, ...aliases.keys()].map(escape).join("|");
/** A path from the root or an alias, in text: not the tail of a longer path or URL. */
const rootedPath = new RegExp(`(?<![\\w./~@-])(?:${rooted})[\\w.@/-]*\\w`, "g");
/** The same, or relative to the file (./, ../): for code comments. */
const anyPath = new RegExp(
  `(?<![\\w./~@-])(?:${rooted}|\\.\\.?/)[\\w.@/-]*\\w`,
  "g",
);
/** A whole backticked span that is a path (no patterns, placeholders or line numbers). */
const pathSpan = new RegExp(`^(?:${rooted})[\\w.@/-]*$`);
/** Outside backticks, a path counts only with a file's extension (prose says "app/ and server/"). */
const fileName =
  /\.(?:ts|tsx|js|mjs|cjs|json|md|css|sql|sh|ya?ml|html|txt|svg|conf|service|timer|template|example|woff2|png|jpe?g|webp|avif)$/;

/** The comments of a source file (TypeScript's scanner, so strings and URLs in code are not mistaken for them). */
function commentsOf(text: string, file: string): string[] {
  if (file.endsWith(".css")) {
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map(([comment]) => comment);
  }
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    false,
    file.endsWith(".tsx")
      ? ts.LanguageVariant.JSX
      : ts.LanguageVariant.Standard,
    text,
  );
  const comments: string[] = [];
  for (
    let kind = scanner.scan();
    kind !== ts.SyntaxKind.EndOfFileToken;
    kind = scanner.scan()
  ) {
    if (
      kind === ts.SyntaxKind.SingleLineCommentTrivia ||
      kind === ts.SyntaxKind.MultiLineCommentTrivia
    ) {
      comments.push(scanner.getTokenText());
    }
  }
  return comments;
}

/** Whether a written path names something in the repository (a module may be named without its extension). */
function pathExists(written: string, file: string): boolean {
  let target = path.join(root, written);
  for (const [alias, folder] of aliases) {
    if (written.startsWith(alias)) {
      target = path.join(root, folder, written.slice(alias.length));
    }
  }
  if (written.startsWith("./") || written.startsWith("../")) {
    target = path.resolve(path.dirname(file), written);
  }
  return ["", ".ts", ".tsx"].some((extension) =>
    existsSync(target + extension),
  );
}

/** The repository paths a file writes: in docs, backticked spans and paths with an extension; in code, paths in comments. */
function writtenPaths(text: string, file: string): string[] {
  if (!file.endsWith(".md")) {
    return commentsOf(text, file).flatMap((comment) =>
      [...comment.matchAll(anyPath)]
        .map(([written]) => written)
        .filter((written) => fileName.test(written)),
    );
  }
  const spans = [...text.matchAll(/`([^`\n]+)`/g)]
    .map(([, span = ""]) => span)
    .filter((span) => pathSpan.test(span));
  // Link targets are checked as links above.
  const prose = text.replace(/`[^`\n]+`/g, "").replace(/\]\([^)]*\)/g, "]");
  const bare = [...prose.matchAll(rootedPath)]
    .map(([written]) => written)
    .filter((written) => fileName.test(written));
  return [...spans, ...bare];
}

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
  // Any other file or folder of the repository.
  for (const written of writtenPaths(text, file)) {
    if (!pathExists(written, file)) dangling.push(`${relative}: ${written}`);
  }
  return [...new Set(dangling)];
}

/**
 * Paths that decision records name as what they replaced or moved away:
 * history, not pointers (a record describes the code of its day).
 */
const historical = new Set([
  "docs/decisions/015-module-layout.md: server/expiring-map.ts",
  "docs/decisions/015-module-layout.md: database/testing.ts",
  "docs/decisions/015-module-layout.md: server/testing.ts",
  "docs/decisions/015-module-layout.md: app/auth/testing.server.ts",
  "docs/decisions/016-libraries-over-hand-written.md: server/logger.ts",
  "docs/decisions/016-libraries-over-hand-written.md: server/expiring-map.ts",
  // The machinery of paint-first, gone with issue 48 (decision 058).
  "docs/decisions/001-deferred-client-loading.md: app/lib/deferred.ts",
  "docs/decisions/009-first-load-javascript.md: app/lib/document.server.ts",
  "docs/decisions/018-paint-first-hydrate-after.md: app/lib/document.server.ts",
  "docs/decisions/018-paint-first-hydrate-after.md: app/lib/boot.server.ts",
  "docs/decisions/018-paint-first-hydrate-after.md: app/lib/used-css.server.ts",
  "docs/decisions/018-paint-first-hydrate-after.md: tests/e2e/before-hydration.spec.ts",
  "docs/decisions/025-kept-pages-named-by-hash.md: app/lib/document.server.ts",
  "docs/decisions/025-kept-pages-named-by-hash.md: app/lib/document.server.test.ts",
  "docs/decisions/027-transport-limits.md: app/lib/document.server.test.ts",
  "docs/decisions/031-a-post-that-keeps-its-reader.md: app/lib/scroll-back.ts",
  "docs/decisions/033-budgets-beside-a-script-free-copy.md: app/components/page/server-html.tsx",
  "docs/decisions/039-paint-first-as-it-stands.md: app/lib/document.server.ts",
  "docs/decisions/039-paint-first-as-it-stands.md: app/lib/boot.server.ts",
  "docs/decisions/039-paint-first-as-it-stands.md: app/lib/used-css.server.ts",
  "docs/decisions/039-paint-first-as-it-stands.md: app/lib/document-pieces.ts",
  "docs/decisions/039-paint-first-as-it-stands.md: tests/e2e/paint-first.spec.ts",
  "docs/decisions/039-paint-first-as-it-stands.md: app/lib/scroll-back.ts",
  "docs/decisions/046-largest-paint-and-later-parts.md: app/lib/boot.server.ts",
  "docs/decisions/046-largest-paint-and-later-parts.md: app/components/later-part.tsx",
  "docs/decisions/046-largest-paint-and-later-parts.md: app/components/posts/archive-parts.tsx",
  "docs/decisions/047-a-post-body-travels-once.md: app/lib/document-html.server.ts",
  "docs/decisions/047-a-post-body-travels-once.md: app/lib/document-html.ts",
  "docs/decisions/048-one-phone-on-any-host.md: app/lib/first-load.ts",
  "docs/decisions/048-one-phone-on-any-host.md: app/lib/document.server.ts",
  "docs/decisions/050-the-start-a-task-a-step.md: app/lib/boot.server.ts",
  "docs/decisions/050-the-start-a-task-a-step.md: app/lib/document.server.ts",
  "docs/decisions/051-cards-kept-and-a-calendar-hydrated-when-seen.md: app/components/part-when-seen.tsx",
  "docs/decisions/051-cards-kept-and-a-calendar-hydrated-when-seen.md: app/lib/early-events.ts",
]);

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
  expect(dangling.filter((found) => !historical.has(found))).toEqual([]);
  // An exclusion that no longer dangles (the path came back, or the record
  // stopped naming it) would only hide a future mistake.
  expect([...historical].filter((kept) => !dangling.includes(kept))).toEqual(
    [],
  );
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

test("a dangling repository path in the docs or in a code comment is caught", () => {
  expect(
    danglingReferences(
      "It lives in `server/gone.ts`, beside `server/app.ts`, `app/lib/` and `~/context`; see also shared/gone.ts. Not paths: `app/routes/*.ts`, app/ and server/.",
      path.join(root, "docs/EXAMPLE.md"),
    ),
  ).toEqual([
    "docs/EXAMPLE.md: server/gone.ts",
    "docs/EXAMPLE.md: shared/gone.ts",
  ]);
  expect(
    danglingReferences(
      '// Moved to shared/gone.ts (see ./page-cache.ts and ~/context.ts).\nconst where = "server/not-a-comment.ts";\n',
      path.join(root, "server/example.ts"),
    ),
  ).toEqual(["server/example.ts: shared/gone.ts"]);
});

test("every decision record says its status, date and what it supersedes", () => {
  const missing = decisions.filter((name) => {
    const text = readFileSync(path.join(root, "docs/decisions", name), "utf8");
    const status = /^Status: (.+)$/m.exec(text)?.[1];
    const date = /^Date: \d{4}-\d{2}-\d{2}$/m.test(text);
    // "Supersedes: ..." (or "nothing"), also when the status says what it amends.
    const supersedes = /^Supersedes: .+$/m.test(text);
    return !status || !date || !supersedes;
  });
  expect(missing).toEqual([]);
});
