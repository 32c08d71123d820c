import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "vitest";

import { pageScript } from "~/lib/page-script";

import { budgets } from "./budgets";
import { inlineScriptSource } from "./inline-script";

test("the page script goes into documents minified, as a function expression", async () => {
  const source = await inlineScriptSource(
    path.resolve("app/lib/page-script.ts"),
  );
  expect(source).toMatch(/^function/);
  expect(source).not.toMatch(/\n|\/\/|\/\*/);
  // The same code, much smaller than what the server build would have written.
  expect(source.length).toBeLessThan(pageScript.toString().length * 0.7);
  expect(() => new Function(`return (${source})`)).not.toThrow();
});

test("the page script is at most 4 KB as sent, not only gzip (issue 48)", async () => {
  const source = await inlineScriptSource(
    path.resolve("app/lib/page-script.ts"),
  );
  // As app/lib/document-scripts.server.ts writes it: called at once.
  expect(Buffer.byteLength(`(${source})()`)).toBeLessThanOrEqual(
    budgets.inlineScriptBytes,
  );
});

test("a module exporting anything but one function is refused", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "inline-script-"));
  const file = path.join(dir, "two.ts");
  writeFileSync(file, "export const a = 1;\nexport function b(): void {}\n");
  await expect(inlineScriptSource(file)).rejects.toThrow(
    "must export one function",
  );
});
