// Decision records say what is still decided: a record that a later one
// supersedes, in whole or in part (named by a link in the later record's
// "Supersedes:" paragraph), says so in its Status line, naming one of those
// later records.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

const dir = path.resolve(import.meta.dirname, "../docs/decisions");
const records = new Map(
  readdirSync(dir)
    .filter((name) => /^\d{3}-.*\.md$/.test(name))
    .map((name) => [
      name.slice(0, 3),
      readFileSync(path.join(dir, name), "utf8"),
    ]),
);

/** A paragraph starting with the label, up to the next blank line. */
function paragraph(text: string, label: string): string {
  return (
    new RegExp(`^${label}:([\\s\\S]*?)(?:\\n\\n|$)`, "m")
      .exec(text)?.[1]
      ?.trim() ?? ""
  );
}

/** The records a record's Supersedes paragraph supersedes, not those it only amends or leaves standing. */
function superseded(supersedes: string): string[] {
  if (/^(nothing|none|no decision)\b/i.test(supersedes)) return [];
  const named = new Set<string>();
  for (const clause of supersedes.split(/[;.]\s/)) {
    // A link's file name is no part of the clause's words ("…-as-it-stands.md").
    const words = clause.replace(/\]\([^)]*\)/g, "]");
    if (/stands|amend|adds to/.test(words)) continue;
    for (const [, number] of clause.matchAll(/\[(\d{3})\]\(\d{3}-[^)]*\.md\)/g))
      if (number) named.add(number);
  }
  return [...named];
}

test("a superseded record's Status names a record that supersedes it", () => {
  const supersededBy = new Map<string, string[]>();
  for (const [number, text] of records)
    for (const target of superseded(paragraph(text, "Supersedes")))
      if (target !== number)
        supersededBy.set(target, [...(supersededBy.get(target) ?? []), number]);
  expect(supersededBy.size).toBeGreaterThan(0);
  const wrong: string[] = [];
  for (const [target, by] of supersededBy) {
    const status = paragraph(records.get(target) ?? "", "Status");
    const says =
      /^(partly )?superseded by /.test(status) &&
      by.some((number) => status.includes(`[${number}](${number}-`));
    if (!says)
      wrong.push(
        `${target} (superseded by ${by.join(", ")}): ${status.slice(0, 60)}`,
      );
  }
  expect(wrong).toEqual([]);
});

test("every record's Status is accepted, superseded or partly superseded", () => {
  for (const [number, text] of records)
    expect(paragraph(text, "Status"), number).toMatch(
      /^(accepted|superseded by \[|partly superseded by \[)/,
    );
});

test("a clause that leaves a record standing or amends it supersedes nothing", () => {
  expect(
    superseded(
      "in [054](054-x.md), the index. The rest of [032](032-y.md) stands",
    ),
  ).toEqual(["054"]);
  expect(superseded("nothing (amends [001](001-z.md))")).toEqual([]);
  expect(superseded("[039](039-as-it-stands.md)'s boot script")).toEqual([
    "039",
  ]);
});
