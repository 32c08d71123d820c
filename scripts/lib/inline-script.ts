// A module imported with the `?inline-script` query gives the source of the
// one function it exports, as a string of minified JavaScript, for the server
// to write into documents as an inline script (app/lib/page-script.ts). Written
// out with `function.toString()` instead, the server build's unminified
// source cost every page more compressed HTML (decision 024).
import { readFileSync } from "node:fs";
import path from "node:path";

import { minifySync, transformWithOxc } from "vite";
import type { Plugin } from "vite";

const QUERY = "?inline-script";

/** The minified function expression of a module exporting a single function. */
export async function inlineScriptSource(file: string): Promise<string> {
  const { code } = await transformWithOxc(readFileSync(file, "utf8"), file, {
    lang: "ts",
  });
  const minified = minifySync(path.basename(file), code, {
    compress: true,
    mangle: true,
    module: true,
  });
  if (minified.errors.length > 0) {
    throw new Error(
      `${file}: ${minified.errors[0]?.message ?? "not minified"}`,
    );
  }
  const match = /^export (?:default )?(function[\s\S]*})\s*;?$/.exec(
    minified.code.trim(),
  );
  if (!match?.[1]) {
    throw new Error(`${file} must export one function and nothing else`);
  }
  return match[1];
}

export function inlineScripts(): Plugin {
  return {
    name: "inline-script",
    enforce: "pre",
    resolveId(source, importer) {
      if (!source.endsWith(QUERY) || !importer) return null;
      return path.resolve(path.dirname(importer), source);
    },
    async load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(await inlineScriptSource(file))};`;
    },
  };
}
