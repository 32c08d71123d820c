import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import globals from "globals";
import tseslint from "typescript-eslint";

// Which project trees each tree may import (docs/decisions/015-module-layout.md).
// Dependencies run one way: shared <- database <- app <- server, and scripts
// and tests on top. A tree's own files import each other with ./ (same
// folder or below) or by alias; "../" is never used.
const trees = {
  shared: [],
  database: ["~shared", "~database"],
  app: ["~shared", "~database", "~"],
  server: ["~shared", "~database", "~", "~server"],
};
const aliases = ["~", "~shared", "~database", "~server", "~scripts", "~tests"];
const parentPath = {
  // The journeys read their servers from the Playwright config at the root,
  // which no alias names.
  regex: String.raw`^(\./)?\.\./(?!(\.\./)*playwright\.config$)`,
  message:
    "Import a file outside this folder by its alias (~/, ~shared/, ~database/, ~server/, ~scripts/, ~tests/), not ../ (docs/decisions/015-module-layout.md).",
};
const testCode = {
  group: ["~tests/*", "vitest", "@playwright/test"],
  message:
    "Production code imports no test code; test helpers live under tests/ (docs/decisions/015-module-layout.md).",
};
function restrictions(tree, { test }) {
  const forbidden = aliases.filter(
    (alias) => !trees[tree].includes(alias) && !(test && alias === "~tests"),
  );
  const patterns = [parentPath];
  if (forbidden.length > 0) {
    patterns.push({
      group: forbidden.map((alias) => `${alias}/*`),
      message: `${tree}/ may import only ${trees[tree].join(", ") || "packages"} (dependencies run one way: docs/decisions/015-module-layout.md).`,
    });
  }
  if (!test) patterns.push(testCode);
  return ["error", { patterns }];
}
const testFiles = ["**/*.test.ts", "**/*.test.tsx"];
const boundaries = Object.keys(trees).flatMap((tree) => [
  {
    files: [`${tree}/**/*.{ts,tsx}`],
    ignores: testFiles,
    rules: { "no-restricted-imports": restrictions(tree, { test: false }) },
  },
  {
    files: testFiles.map((glob) => `${tree}/${glob}`),
    rules: { "no-restricted-imports": restrictions(tree, { test: true }) },
  },
]);

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      ".data/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, regexp },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A pattern that backtracks without bound on a visitor's input stops
      // the whole server (a path that once held it for minutes).
      "regexp/no-super-linear-backtracking": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-imports": ["error", { patterns: [parentPath] }],
    },
  },
  ...boundaries,
  {
    // An import circle makes a module's value depend on which file loads
    // first, and hides which of two modules is the lower one: none may form.
    files: ["{app,database,server,shared,scripts}/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Settings are constants: they read nothing from the helpers that use them.
    files: ["app/config/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...restrictions("app", { test: false })[1].patterns,
            {
              group: ["~/*", "!~/config/*"],
              message:
                "app/config/ holds constants and imports nothing else from app/ (docs/decisions/015-module-layout.md).",
            },
          ],
        },
      ],
    },
  },
);
