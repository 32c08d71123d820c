// The social web's responses as the studio and the post page read them
// (decision 061): replies waiting for the owner, approved ones under their
// post, likes and boosts as counts, and the owner's blocks.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";

import type { Database } from "~database/client";
import {
  fediverseBlocks,
  fediverseFollowers,
  fediverseResponses,
  posts,
} from "~database/schema";

export const responseActionSchema = z.object({
  intent: z.enum(["approve", "hide", "block-account", "block-server"], {
    error: "The request did not say what to do.",
  }),
  id: z.uuid({ error: "The request did not name a response." }),
});
export type ResponseAction = z.infer<typeof responseActionSchema>["intent"];

export interface StudioResponse {
  id: string;
  status: "pending" | "approved" | "hidden";
  actorName: string | null;
  actorHandle: string | null;
  contentHtml: string;
  url: string | null;
  postTitle: string;
  postSlug: string;
  createdAt: string;
}

/** The replies for the studio, those waiting first, newest first. */
export async function listStudioResponses(
  db: Database,
  limit = 100,
): Promise<StudioResponse[]> {
  const rows = await db
    .select({
      id: fediverseResponses.id,
      status: fediverseResponses.status,
      actorName: fediverseResponses.actorName,
      actorHandle: fediverseResponses.actorHandle,
      contentHtml: fediverseResponses.contentHtml,
      url: fediverseResponses.url,
      postTitle: posts.title,
      postSlug: posts.slug,
      createdAt: fediverseResponses.createdAt,
    })
    .from(fediverseResponses)
    .innerJoin(posts, eq(posts.id, fediverseResponses.postId))
    .where(eq(fediverseResponses.kind, "reply"))
    .orderBy(
      sql`${fediverseResponses.status} = 'pending' desc`,
      desc(fediverseResponses.createdAt),
    )
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    contentHtml: row.contentHtml ?? "",
    createdAt: row.createdAt.toISOString(),
  }));
}

/** How many follow the site from the fediverse (the dashboard's and Readers' figure). */
export async function countFediverseFollowers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fediverseFollowers);
  return row?.n ?? 0;
}

/** Replies waiting for the owner (the dashboard's figure). */
export async function countPendingResponses(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fediverseResponses)
    .where(
      and(
        eq(fediverseResponses.kind, "reply"),
        eq(fediverseResponses.status, "pending"),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Approves or hides a reply, or blocks its author's account or server:
 * the block drops what is kept of them (their responses, their follow).
 * Returns the author's handle, or null when there is no such reply.
 */
export async function changeResponse(
  db: Database,
  { intent, id }: { intent: ResponseAction; id: string },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        actorId: fediverseResponses.actorId,
        actorHandle: fediverseResponses.actorHandle,
      })
      .from(fediverseResponses)
      .where(eq(fediverseResponses.id, id));
    if (!row) return null;
    const who = row.actorHandle ?? row.actorId;
    if (intent === "approve" || intent === "hide") {
      await tx
        .update(fediverseResponses)
        .set({
          status: intent === "approve" ? "approved" : "hidden",
          updatedAt: sql`now()`,
        })
        .where(eq(fediverseResponses.id, id));
      return who;
    }
    const host = new URL(row.actorId).hostname.toLowerCase();
    const server = intent === "block-server";
    await tx
      .insert(fediverseBlocks)
      .values({
        pattern: server ? host : row.actorId,
        kind: server ? "server" : "account",
      })
      .onConflictDoNothing();
    const whose = server
      ? sql`split_part(split_part(${fediverseResponses.actorId}, '://', 2), '/', 1) ~* ${`^${host.replaceAll(".", "\\.")}(:[0-9]+)?$`}`
      : eq(fediverseResponses.actorId, row.actorId);
    await tx.delete(fediverseResponses).where(whose);
    await tx
      .delete(fediverseFollowers)
      .where(
        server
          ? sql`split_part(split_part(${fediverseFollowers.actorId}, '://', 2), '/', 1) ~* ${`^${host.replaceAll(".", "\\.")}(:[0-9]+)?$`}`
          : eq(fediverseFollowers.actorId, row.actorId),
      );
    return server ? host : who;
  });
}

export interface PostResponses {
  replies: Array<{
    id: string;
    actorName: string;
    actorHandle: string | null;
    avatar: string | null;
    contentHtml: string;
    url: string | null;
    createdAt: string;
  }>;
  likes: number;
  boosts: number;
}

/** What shows under a post: its approved replies, oldest first, and its counts. */
export async function readPostResponses(
  db: Database,
  postId: string,
): Promise<PostResponses> {
  const rows = await db
    .select({
      id: fediverseResponses.id,
      kind: fediverseResponses.kind,
      actorName: fediverseResponses.actorName,
      actorHandle: fediverseResponses.actorHandle,
      avatar: fediverseResponses.avatar,
      contentHtml: fediverseResponses.contentHtml,
      url: fediverseResponses.url,
      createdAt: fediverseResponses.createdAt,
    })
    .from(fediverseResponses)
    .where(
      and(
        eq(fediverseResponses.postId, postId),
        eq(fediverseResponses.status, "approved"),
      ),
    )
    .orderBy(fediverseResponses.createdAt);
  return {
    replies: rows
      .filter((row) => row.kind === "reply")
      .map((row) => ({
        id: row.id,
        actorName: row.actorName ?? row.actorHandle ?? "Someone",
        actorHandle: row.actorHandle,
        avatar: row.avatar,
        contentHtml: row.contentHtml ?? "",
        url: row.url,
        createdAt: row.createdAt.toISOString(),
      })),
    likes: rows.filter((row) => row.kind === "like").length,
    boosts: rows.filter((row) => row.kind === "boost").length,
  };
}
