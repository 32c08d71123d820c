import { expect, test } from "vitest";

import { csvDocument } from "~/lib/csv";

import { parseSubscriberCsv } from "./subscriber-csv.server";
import { subscriberImportSchema } from "./subscriber-import";
import {
  SUBSCRIBER_IMPORT_MAX_ROWS,
  SUBSCRIBER_IMPORT_PROBLEMS_SHOWN,
} from "./subscriber-import-limits";

test("a plain list, one address a line: lower-cased, blank lines skipped, duplicates merged", () => {
  expect(
    parseSubscriberCsv(
      "\uFEFFAda@Example.test\n\n  bob@example.test \r\nada@example.test\n",
    ),
  ).toEqual({
    ok: true,
    addresses: ["ada@example.test", "bob@example.test"],
    rows: 3,
    duplicates: 1,
  });
});

test("the screen's own export reads back: the address column by its header, quoted fields", () => {
  const exported = csvDocument([
    ["address", "status", "consented at", "source"],
    ["ada@example.test", "confirmed", "2026-11-01T10:00:00.000Z", "/"],
    ["bob@example.test", "pending", "2026-11-02T10:00:00.000Z", "/post/a, b"],
  ]);
  expect(parseSubscriberCsv(exported)).toMatchObject({
    ok: true,
    addresses: ["ada@example.test", "bob@example.test"],
  });
  expect(
    parseSubscriberCsv("Name;E-mail\nAda;ada@example.test\n"),
  ).toMatchObject({ ok: true, addresses: ["ada@example.test"] });
});

test("broken rows are named by their line, counting lines inside quoted fields, and refuse the whole file", () => {
  const text = [
    "email,note",
    "ada@example.test,fine",
    'not-an-address,"two',
    'lines"',
    ",empty address",
    "bob@example.test",
    '"carl@example.test',
  ].join("\n");
  expect(parseSubscriberCsv(text)).toEqual({
    ok: false,
    problemCount: 3,
    problems: [
      { line: 3, message: '"not-an-address" is not an email address' },
      { line: 5, message: "no address" },
      { line: 7, message: "a quoted field is never closed" },
    ],
  });
});

test("many broken rows: the first few are named and all are counted", () => {
  const text = Array.from({ length: 100 }, (_, n) => `row ${n}`).join("\n");
  const parsed = parseSubscriberCsv(text);
  expect(parsed).toMatchObject({ ok: false, problemCount: 100 });
  if (parsed.ok || "tooMany" in parsed) throw new Error("expected problems");
  expect(parsed.problems).toHaveLength(SUBSCRIBER_IMPORT_PROBLEMS_SHOWN);
  expect(parsed.problems[0]).toMatchObject({ line: 1 });
});

test("a 100,000-line file is refused with a clear answer", () => {
  const text = Array.from(
    { length: 100_000 },
    (_, n) => `reader-${n}@example.test`,
  ).join("\n");
  const parsed = parseSubscriberCsv(text);
  expect(parsed).toMatchObject({ ok: false, tooMany: true });
  if (parsed.ok || !("tooMany" in parsed)) throw new Error("expected refusal");
  expect(parsed.message).toContain(
    SUBSCRIBER_IMPORT_MAX_ROWS.toLocaleString("en"),
  );
  expect(parsed.message).toContain("Nothing was imported");
});

test("the form needs a file, where they agreed and the owner's word", () => {
  const file = new File(["ada@example.test\n"], "list.csv", {
    type: "text/csv",
  });
  const good = { intent: "import", file, note: "My workshop", vouch: "on" };
  expect(subscriberImportSchema.safeParse(good).success).toBe(true);
  const problem = (input: object) =>
    subscriberImportSchema.safeParse({ ...good, ...input }).error?.issues[0]
      ?.message;
  expect(problem({ vouch: undefined })).toMatch(/agreed to receive/);
  expect(problem({ note: " " })).toMatch(/where these people agreed/);
  expect(problem({ note: "x".repeat(201) })).toMatch(/at most 200/);
  expect(problem({ file: new File([], "empty.csv") })).toMatch(/Choose a CSV/);
  expect(
    problem({ file: new File(["x".repeat(5 * 1024 * 1024)], "big.csv") }),
  ).toMatch(/up to 4 MB/);
});
