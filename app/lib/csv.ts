// CSV the owner opens in a spreadsheet (the Readers screen's downloads, the
// archive's daily totals). Every field is quoted, so no delimiter a
// spreadsheet may pick (a comma, or the semicolon of European locales) can
// split one; and a field a spreadsheet would read as a formula is written
// as text, whatever the delimiter.

/** What a spreadsheet reads as the start of a formula (or of one after a line break). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: always quoted, quotes doubled, a formula start made text with a leading apostrophe. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Rows as a CSV document: CRLF after every row (RFC 4180). */
export function csvDocument(
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  return rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}
