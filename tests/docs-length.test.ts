// docs/PERFORMANCE.md is a reference (method, commands, current figures),
// not a log: past its limit, the history belongs in git, not in the file.
import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

/** Issue 48: "a reference of at most 300 lines". */
export const PERFORMANCE_DOC_MAX_LINES = 300;

/** Lines of a text as an editor counts them (a final newline ends the last line). */
export function lineCount(text: string): number {
  if (text === "") return 0;
  return text.replace(/\n$/, "").split("\n").length;
}

test("a text's lines are counted as an editor shows them", () => {
  expect(lineCount("")).toBe(0);
  expect(lineCount("one\n")).toBe(1);
  expect(lineCount("one\ntwo")).toBe(2);
  expect(lineCount("one\n\nthree\n")).toBe(3);
});

test(`docs/PERFORMANCE.md is at most ${PERFORMANCE_DOC_MAX_LINES} lines`, () => {
  const file = path.resolve(import.meta.dirname, "../docs/PERFORMANCE.md");
  const lines = lineCount(readFileSync(file, "utf8"));
  expect(
    lines,
    "move the history to git, keep the reference",
  ).toBeLessThanOrEqual(PERFORMANCE_DOC_MAX_LINES);
  // Not vacuous: the reference is there, with its figures.
  expect(lines).toBeGreaterThan(0);
});
