// Replies, likes and boosts of the site's posts (decision 061). A reply is a
// Create(Note) whose inReplyTo is one of the site's posts (the Note followers
// were sent, or the post's own address); it waits for the owner (pending)
// and follows its original: an Update changes its words, a Delete removes
// it. A like or boost is counted; its Undo uncounts it. Incoming HTML is
// reduced to a few inline tags before it is stored; nothing from a blocked
// account or server is kept.
import type { InboxContext, InboxListenerSetters } from "@fedify/fedify";
import {
  Announce,
  Create,
  Delete,
  Like,
  Note,
  Update,
  isActor,
} from "@fedify/vocab";
import type { Actor } from "@fedify/vocab";
import { and, eq, sql } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";

import type { Database } from "~database/client";
import { fediverseResponses } from "~database/schema";

import { isBlocked } from "./followers";
import { readFederatedPost } from "./objects";

export interface ResponseDeps {
  db: Database;
  siteUrl: string;
}

/** What a reply may keep of its HTML: paragraphs, line breaks and links. */
export function sanitizeReply(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "a"],
    allowedAttributes: { a: ["href", "rel"] },
    allowedSchemes: ["https", "http"],
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", {
        rel: "nofollow ugc noopener",
      }),
    },
  }).slice(0, 20_000);
}

/** The site's post a reply or like names (its Note or its page); null for anything else. */
export async function postNamed(
  deps: ResponseDeps,
  target: URL | null,
): Promise<string | null> {
  if (!target) return null;
  const site = new URL(deps.siteUrl);
  if (target.origin !== site.origin) return null;
  const note = /^\/fediverse\/posts\/([0-9a-f-]{36})$/.exec(target.pathname);
  const page = /^\/post\/([^/]+)$/.exec(target.pathname);
  const key = note?.[1]
    ? { id: note[1] }
    : page?.[1]
      ? { slug: decodeURIComponent(page[1]) }
      : null;
  if (!key) return null;
  return (await readFederatedPost(deps.db, key))?.id ?? null;
}

function handleOf(actor: Actor): string | null {
  const user = actor.preferredUsername?.toString();
  return user && actor.id ? `@${user}@${actor.id.host}` : null;
}

async function authorOf(
  ctx: InboxContext<null>,
  activity: Create | Like | Announce,
) {
  const actor = await activity.getActor(ctx);
  if (!actor || !isActor(actor) || !actor.id) return null;
  return {
    actorId: actor.id.href,
    actorName: actor.name?.toString().slice(0, 200) ?? null,
    actorHandle: handleOf(actor),
    actorUrl:
      (actor.url instanceof URL ? actor.url.href : null) ?? actor.id.href,
  };
}

async function storeCount(
  deps: ResponseDeps,
  ctx: InboxContext<null>,
  activity: Like | Announce,
  kind: "like" | "boost",
) {
  if (!activity.id || !activity.actorId) return;
  if (await isBlocked(deps.db, activity.actorId.href)) return;
  const postId = await postNamed(deps, activity.objectId);
  if (!postId) return;
  const author = await authorOf(ctx, activity);
  if (!author || author.actorId !== activity.actorId.href) return;
  await deps.db
    .insert(fediverseResponses)
    .values({
      objectId: activity.id.href,
      kind,
      postId,
      ...author,
      status: "approved",
    })
    .onConflictDoNothing();
}

/** Registers the listeners for replies, likes and boosts and their changes. */
export function registerResponses(
  listeners: InboxListenerSetters<null>,
  deps: ResponseDeps,
  /** Where an author's picture is kept; returns the site's address of it, or null. */
  keepAvatar: (actor: Actor) => Promise<string | null> = async () => null,
) {
  listeners
    .on(Create, async (ctx, create) => {
      const note = await create.getObject(ctx);
      if (!(note instanceof Note) || !note.id || !create.actorId) return;
      if (note.attributionId?.href !== create.actorId.href) return;
      if (await isBlocked(deps.db, create.actorId.href)) return;
      const postId = await postNamed(deps, note.replyTargetId);
      if (!postId) return;
      const actor = await create.getActor(ctx);
      if (!actor || !isActor(actor) || !actor.id) return;
      const author = await authorOf(ctx, create);
      if (!author) return;
      await deps.db
        .insert(fediverseResponses)
        .values({
          objectId: note.id.href,
          kind: "reply",
          postId,
          ...author,
          avatar: await keepAvatar(actor),
          contentHtml: sanitizeReply(note.content?.toString() ?? ""),
          url: (note.url instanceof URL ? note.url.href : null) ?? note.id.href,
        })
        .onConflictDoNothing();
    })
    .on(Update, async (ctx, update) => {
      const note = await update.getObject(ctx);
      if (!(note instanceof Note) || !note.id || !update.actorId) return;
      await deps.db
        .update(fediverseResponses)
        .set({
          contentHtml: sanitizeReply(note.content?.toString() ?? ""),
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(fediverseResponses.objectId, note.id.href),
            eq(fediverseResponses.actorId, update.actorId.href),
          ),
        );
    })
    .on(Delete, async (_ctx, deleted) => {
      if (!deleted.objectId || !deleted.actorId) return;
      await removeResponse(
        deps.db,
        deleted.actorId.href,
        deleted.objectId.href,
      );
    })
    .on(Like, (ctx, like) => storeCount(deps, ctx, like, "like"))
    .on(Announce, (ctx, announce) => storeCount(deps, ctx, announce, "boost"));
}

/** Removes a response its author took back (a Delete, an Undo of a like or boost). */
export async function removeResponse(
  db: Database,
  actorId: string,
  objectId: string,
): Promise<boolean> {
  const removed = await db
    .delete(fediverseResponses)
    .where(
      and(
        eq(fediverseResponses.objectId, objectId),
        eq(fediverseResponses.actorId, actorId),
      ),
    )
    .returning({ id: fediverseResponses.id });
  return removed.length > 0;
}
