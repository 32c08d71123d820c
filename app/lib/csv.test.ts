import { expect, test } from "vitest";

import { csvDocument, csvField } from "./csv";

test("every field is quoted, so no delimiter splits it", () => {
  expect(csvField("/about")).toBe('"/about"');
  expect(csvField('a, "b"')).toBe('"a, ""b"""');
  expect(csvField("a;b")).toBe('"a;b"');
  expect(csvField("line\nbreak")).toBe('"line\nbreak"');
  expect(csvField(12)).toBe('"12"');
});

test("no field is read as a formula, whatever the delimiter", () => {
  for (const start of ["=", "+", "-", "@", "\t", "\r"])
    expect(csvField(`${start}cmd|' /C calc'!A0`)).toBe(
      `"'${start}cmd|' /C calc'!A0"`,
    );
  // A spreadsheet that splits on ';' keeps a quoted field whole: the
  // campaign stays one cell, which starts with ';', not '='.
  const campaign = ";=cmd|' /C calc'!A0;";
  const line = csvDocument([
    ["name", "views"],
    [campaign, 3],
  ]).split("\r\n")[1];
  expect(line).toBe(`";=cmd|' /C calc'!A0;","3"`);
});

test("a document ends each row with CRLF", () => {
  expect(
    csvDocument([
      ["day", "views"],
      ["2026-08-01", 3],
    ]),
  ).toBe('"day","views"\r\n"2026-08-01","3"\r\n');
});
