// Reading an imported CSV file into addresses, every broken row named by its
// line (docs/decisions/060). Nothing here touches the database: the file is
// read whole and checked before a single address is stored.
import { newsletterSignUpSchema } from "~/lib/newsletter-schema";

import {
  SUBSCRIBER_IMPORT_MAX_ROWS,
  SUBSCRIBER_IMPORT_PROBLEMS_SHOWN,
} from "./subscriber-import-limits";

export interface RowProblem {
  line: number;
  message: string;
}

export type ParsedSubscriberCsv =
  | { ok: true; addresses: string[]; rows: number; duplicates: number }
  | { ok: false; problems: RowProblem[]; problemCount: number }
  | { ok: false; tooMany: true; message: string };

/** A record of the file and the line it starts on. */
interface CsvRecord {
  line: number;
  fields: string[];
  unterminated: boolean;
}

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function* csvRecords(text: string): Generator<CsvRecord> {
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (index < text.length) {
    const start = line;
    const fields: string[] = [];
    let field = "";
    let quoted = false;
    let unterminated = false;
    for (;;) {
      if (index >= text.length) {
        unterminated = quoted;
        fields.push(field);
        break;
      }
      const character = text[index] ?? "";
      if (quoted) {
        if (character === '"') {
          if (text[index + 1] === '"') {
            field += '"';
            index += 2;
          } else {
            quoted = false;
            index += 1;
          }
          continue;
        }
        if (character === "\n") line += 1;
        field += character;
        index += 1;
        continue;
      }
      if (character === '"' && field === "") {
        quoted = true;
        index += 1;
      } else if (character === "," || character === ";") {
        fields.push(field);
        field = "";
        index += 1;
      } else if (character === "\r" || character === "\n") {
        fields.push(field);
        index += character === "\r" && text[index + 1] === "\n" ? 2 : 1;
        line += 1;
        break;
      } else {
        field += character;
        index += 1;
      }
    }
    yield { line: start, fields, unterminated };
  }
}

const HEADER = /^(e-?mail|e-?mail address|address)$/i;
// The export writes a field a spreadsheet would read as a formula with a leading apostrophe.
const QUOTED_FORMULA = /^'(?=[=+\-@])/;
const addressSchema = newsletterSignUpSchema.shape.email;

/**
 * The addresses of a CSV file: one a row, in the column headed "email" or
 * "address" when the first row names its columns (the screen's own export
 * does), else the first; blank rows skipped; an address given twice counted
 * once. Any broken row refuses the whole file, every one named by its line.
 */
export function parseSubscriberCsv(text: string): ParsedSubscriberCsv {
  const problems: RowProblem[] = [];
  const seen = new Set<string>();
  let column = 0;
  let rows = 0;
  let duplicates = 0;
  let first = true;
  for (const record of csvRecords(text)) {
    const fields = record.fields.map((field) => field.trim());
    if (first) {
      first = false;
      const header = fields.findIndex((field) => HEADER.test(field));
      if (header >= 0) {
        column = header;
        continue;
      }
    }
    if (fields.every((field) => field === "")) continue;
    rows += 1;
    if (rows > SUBSCRIBER_IMPORT_MAX_ROWS) {
      return {
        ok: false,
        tooMany: true,
        message: `The file holds more than ${SUBSCRIBER_IMPORT_MAX_ROWS.toLocaleString("en")} addresses: split it into files of at most ${SUBSCRIBER_IMPORT_MAX_ROWS.toLocaleString("en")} rows. Nothing was imported.`,
      };
    }
    if (record.unterminated) {
      problems.push({
        line: record.line,
        message: "a quoted field is never closed",
      });
      continue;
    }
    const raw = (fields[column] ?? "").replace(QUOTED_FORMULA, "");
    const parsed = addressSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push({
        line: record.line,
        message: raw
          ? `"${raw.slice(0, 60)}" is not an email address`
          : "no address",
      });
      continue;
    }
    const address = parsed.data.toLowerCase();
    if (seen.has(address)) duplicates += 1;
    else seen.add(address);
  }
  if (problems.length > 0) {
    return {
      ok: false,
      problems: problems.slice(0, SUBSCRIBER_IMPORT_PROBLEMS_SHOWN),
      problemCount: problems.length,
    };
  }
  return { ok: true, addresses: [...seen], rows, duplicates };
}
