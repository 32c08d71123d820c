// The studio's activity log: what was done, by whom, newest first. Posts,
// section rows, messages, media, the export and the account all write it,
// each in the transaction of the change it describes.
import { desc } from "drizzle-orm";

import type { Database, Executor } from "./client";
import { studioActivity } from "./schema";

export interface ActivityEntry {
  id: string;
  action: string;
  subjectType: string;
  subjectId: string;
  summary: string;
  actor: string;
  createdAt: string;
}

/** Records one thing done in the studio, in the caller's transaction. */
export async function recordActivity(
  executor: Executor,
  entry: Omit<ActivityEntry, "id" | "createdAt">,
) {
  await executor.insert(studioActivity).values(entry);
}

/** The latest things done in the studio, newest first. */
export async function listActivity(
  db: Database,
  limit = 20,
): Promise<ActivityEntry[]> {
  const rows = await db
    .select()
    .from(studioActivity)
    .orderBy(desc(studioActivity.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  }));
}
