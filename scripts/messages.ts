// Recent contact messages and the state of each notification mail, for the
// owner: `npm run messages` (add `-- --limit 50` for more, `-- --json` for a
// machine-readable list). Reads DATABASE_URL, or the embedded database in
// DATA_DIR; stop the server first when it uses the embedded database, which
// allows one process at a time.
import { parseArgs } from "node:util";

import type { MessageDelivery } from "~/data/messages.server";
import { readRecentMessages } from "~/data/messages.server";
import { parseEnv } from "~shared/env";

import { openCommandDatabase } from "./lib/command-database";

const { values } = parseArgs({
  options: {
    limit: { type: "string", default: "20" },
    json: { type: "boolean", default: false },
  },
});
const limit = Number(values.limit);
if (!Number.isInteger(limit) || limit < 1) {
  console.error("--limit must be a positive whole number");
  process.exit(2);
}

const env = parseEnv();
const database = await openCommandDatabase(
  env,
  "While the site runs, the studio's inbox (/studio/messages) shows the messages.",
);

const time = (date: Date) =>
  date.toISOString().replace("T", " ").slice(0, 16) + " UTC";

function deliveryState(row: MessageDelivery): string {
  if (row.sentAt) return `delivered ${time(row.sentAt)}`;
  if (row.attempts === null) return "no notification queued";
  if (row.attempts === 0) return "queued";
  const next = row.nextAttemptAt ? `; next try ${time(row.nextAttemptAt)}` : "";
  return `not delivered yet after ${row.attempts} attempt(s)${next}; last error: ${row.lastError ?? "none recorded"}`;
}

try {
  const rows = await readRecentMessages(database.db, limit);
  if (values.json) {
    console.log(
      JSON.stringify(
        rows.map((row) => ({ ...row, delivery: deliveryState(row) })),
        null,
        2,
      ),
    );
  } else if (rows.length === 0) {
    console.log("No messages yet.");
  } else {
    for (const row of rows) {
      const preview = row.message.replace(/\s+/g, " ").slice(0, 100);
      console.log(`${time(row.createdAt)}  ${row.name} <${row.email}>`);
      console.log(
        `  ${preview}${row.message.length > 100 ? "…" : ""}\n  mail: ${deliveryState(row)}\n`,
      );
    }
    const waiting = rows.filter((row) => !row.sentAt).length;
    console.log(
      `${rows.length} most recent message(s); ${waiting} notification(s) not delivered yet.`,
    );
  }
} finally {
  await database.close();
}
