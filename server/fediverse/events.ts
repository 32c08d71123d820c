// Telling followers (decision 061): the triggers of drizzle/0022 write a
// fediverse_events row in the transaction of each change of a public post
// (published by hand or on schedule, edited, trashed, unpublished, restored)
// and of the owner's profile; this worker turns each into an activity and
// hands it to Fedify's queue for every follower's shared inbox. Rows are
// claimed FOR UPDATE SKIP LOCKED under a lease, one post's oldest first, so
// each is sent once across instances; an instance that dies between the
// hand-over and marking the row done leaves it to be sent again with the
// same activity id (made from the row's id), which receiving servers fold.
import type { Activity, Person } from "@fedify/vocab";
import { Delete, PUBLIC_COLLECTION, Tombstone, Update } from "@fedify/vocab";
import { sql } from "drizzle-orm";

import type { SiteSettings } from "~/config/site";
import type { Database } from "~database/client";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import { createOf, postUris } from "./federation";
import { imageAlt, postNote, readFederatedPost } from "./objects";
import { instant } from "./temporal";

export interface FediverseEvent {
  id: number;
  kind: "create" | "update" | "delete" | "profile";
  postId: string | null;
}

export interface EventDeps {
  db: Database;
  siteUrl: string;
  settings: () => Promise<SiteSettings>;
  logger: Logger;
  /** Hands an activity to Fedify for the followers (in order per key). */
  send: (activity: Activity, orderingKey: string) => Promise<void>;
  /** The actor as it stands (for a profile's Update). */
  actor: () => Promise<Person>;
}

const LEASE_MS = 120_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Claims up to `limit` events, a post's oldest first. */
export async function claimEvents(
  db: Database,
  limit = 20,
): Promise<FediverseEvent[]> {
  return rowsOf<FediverseEvent>(
    await db.execute(sql`
      with due as (
        select e.id from fediverse_events e
        where e.done_at is null
          and (e.leased_until is null or e.leased_until < now())
          and not exists (
            select 1 from fediverse_events o
            where o.done_at is null and o.id < e.id
              and o.post_id is not distinct from e.post_id)
        order by e.id
        limit ${limit}
        for update of e skip locked)
      update fediverse_events f
      set leased_until = ${new Date(Date.now() + LEASE_MS)}, attempts = f.attempts + 1
      from due where f.id = due.id
      returning f.id::int as id, f.kind, f.post_id as "postId"`),
  );
}

/** The activity an event sends; null when there is nothing to send (the post is gone again). */
export async function activityOf(
  deps: Pick<EventDeps, "db" | "siteUrl" | "actor">,
  event: FediverseEvent,
): Promise<Activity | null> {
  const { db, siteUrl } = deps;
  if (event.kind === "profile") {
    const actor = await deps.actor();
    return new Update({
      id: new URL(`#update-${event.id}`, actor.id ?? siteUrl),
      actor: actor.id,
      to: PUBLIC_COLLECTION,
      object: actor,
    });
  }
  if (!event.postId) return null;
  const uris = postUris(siteUrl, { id: event.postId });
  if (event.kind === "delete") {
    return new Delete({
      id: new URL(`#delete-${event.id}`, uris.note),
      actor: uris.actor,
      to: PUBLIC_COLLECTION,
      cc: uris.followers,
      object: new Tombstone({ id: uris.note, deleted: instant(new Date()) }),
    });
  }
  const post = await readFederatedPost(db, { id: event.postId });
  if (!post) return null;
  if (event.kind === "create")
    return createOf(db, siteUrl, post, `create-${event.id}`);
  const note = postNote(post, uris, await imageAlt(db, post.image), new Date());
  return new Update({
    id: new URL(`#update-${event.id}`, uris.note),
    actor: uris.actor,
    tos: note.toIds,
    ccs: note.ccIds,
    object: note,
  });
}

async function settle(db: Database, id: number, error?: unknown) {
  await db.execute(
    error === undefined
      ? sql`update fediverse_events set done_at = now(), leased_until = null, last_error = null where id = ${id}`
      : sql`update fediverse_events set leased_until = now() + make_interval(secs => least(3600, 30 * power(2, least(attempts, 7)))), last_error = ${errorMessage(error).slice(0, 500)} where id = ${id}`,
  );
}

/** One round: claims due events and sends them; returns how many it handled. */
export async function sendDueEvents(deps: EventDeps): Promise<number> {
  const events = await claimEvents(deps.db);
  if (events.length === 0) return 0;
  // Turned off since: the events are dropped, as they would not have been written.
  const on = (await deps.settings()).socialWeb === "on";
  for (const event of events) {
    try {
      const activity = on ? await activityOf(deps, event) : null;
      if (activity) await deps.send(activity, event.postId ?? "profile");
      await settle(deps.db, event.id);
    } catch (error) {
      deps.logger.warn("fediverse event not sent; tried again later", {
        id: event.id,
        kind: event.kind,
        error: errorMessage(error),
      });
      await settle(deps.db, event.id, error);
    }
  }
  return events.length;
}
