// The site as one ActivityPub actor, through Fedify (decision 061): its
// WebFinger and NodeInfo, the actor (a Person), its inboxes, outbox and
// followers, and each post as a Note (what followers are sent) and an
// Article (at the post's own address). Registered on any Federatable, so
// the unit tests hand in @fedify/testing's MockFederation and the server
// the real one (createSiteFederation).
import {
  createExponentialBackoffPolicy,
  createFederation,
} from "@fedify/fedify";
import type {
  Context,
  Federatable,
  Federation,
  InboxListenerSetters,
  KvStore,
  MessageQueue,
} from "@fedify/fedify";
import {
  Accept,
  Article,
  Create,
  Endpoints,
  Follow,
  Image,
  Note,
  Person,
  Undo,
  isActor,
} from "@fedify/vocab";
import type { Actor, Recipient } from "@fedify/vocab";
import { count, desc } from "drizzle-orm";

import type { SiteSettings } from "~/config/site";
import type { Database } from "~database/client";
import { posts } from "~database/schema";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

import {
  addFollower,
  countFollowers,
  isBlocked,
  listFollowers,
  removeFollow,
  removeFollower,
} from "./followers";
import { actorKeyPairs } from "./keys";
import { registerResponses, removeResponse } from "./responses";
import {
  escapeHtml,
  imageAlt,
  postArticle,
  postNote,
  readFederatedPost,
} from "./objects";
import type { FederatedPost } from "./objects";
import {
  authenticatedLoaderFactory,
  checkAddress,
  documentLoaderFactory,
} from "./safe-fetch";
import { duration } from "./temporal";

/** The one actor's internal identifier (its handle is a setting and may change). */
export const ACTOR_ID = "site";

export const PATHS = {
  actor: "/fediverse/{identifier}",
  inbox: "/fediverse/{identifier}/inbox",
  sharedInbox: "/fediverse/inbox",
  outbox: "/fediverse/{identifier}/outbox",
  followers: "/fediverse/{identifier}/followers",
  note: "/fediverse/posts/{id}",
  article: "/post/{slug}",
  nodeInfo: "/nodeinfo/2.1",
} as const;

export interface FediverseDeps {
  db: Database;
  /** SITE_URL: the origin every id is made on, whatever Host a request came with. */
  siteUrl: string;
  /** The saved settings (the handle, whether the social web is on, the profile). */
  settings: () => Promise<SiteSettings>;
  logger: Logger;
  /** FEDIVERSE_PRIVATE_PEERS. */
  privatePeers: readonly string[];
  /** Keeps a reply author's picture on the site (avatars.ts); none: no picture. */
  keepAvatar?: (actor: Actor) => Promise<string | null>;
}

export type SiteFederation = Federation<null>;
type Listeners = InboxListenerSetters<null>;

const OUTBOX_PAGE = 20;

function noteUri(siteUrl: string, postId: string): URL {
  return new URL(`/fediverse/posts/${postId}`, siteUrl);
}

/** The ids and collections a post's copies name. */
export function postUris(siteUrl: string, post: { id: string }) {
  const actor = new URL(`/fediverse/${ACTOR_ID}`, siteUrl);
  return {
    actor,
    followers: new URL(`/fediverse/${ACTOR_ID}/followers`, siteUrl),
    note: noteUri(siteUrl, post.id),
    siteUrl,
  };
}

/** The Create a post's publication sends; its id stays the same for every delivery of it. */
export async function createOf(
  db: Database,
  siteUrl: string,
  post: FederatedPost,
  suffix = "create",
): Promise<Create> {
  const uris = postUris(siteUrl, post);
  const note = postNote(post, uris, await imageAlt(db, post.image));
  return new Create({
    id: new URL(`#${suffix}`, uris.note),
    actor: uris.actor,
    tos: note.toIds,
    ccs: note.ccIds,
    object: note,
    published: note.published,
  });
}

/** The site's actor as the owner's settings describe it. */
export async function siteActor(
  ctx: Context<null>,
  siteUrl: string,
  settings: SiteSettings,
): Promise<Person> {
  const keys = await ctx.getActorKeyPairs(ACTOR_ID);
  return new Person({
    id: ctx.getActorUri(ACTOR_ID),
    preferredUsername: settings.socialHandle,
    name: settings.ownerName,
    summary: `<p>${escapeHtml(settings.description)}</p>`,
    url: new URL("/", siteUrl),
    icon: settings.portrait
      ? new Image({
          url: new URL(settings.portrait, siteUrl),
          mediaType: "image/jpeg",
        })
      : null,
    image: new Image({
      url: new URL("/social/site.png", siteUrl),
      mediaType: "image/png",
    }),
    inbox: ctx.getInboxUri(ACTOR_ID),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    outbox: ctx.getOutboxUri(ACTOR_ID),
    followers: ctx.getFollowersUri(ACTOR_ID),
    publicKey: keys[0]?.cryptographicKey ?? null,
    assertionMethods: keys.map((key) => key.multikey),
    manuallyApprovesFollowers: false,
    discoverable: true,
  });
}

// Each setter is called on the object the registration returned rather than
// chained: @fedify/testing's mock answers a chained call with the federation.
function registerActor(federation: Federatable<null>, deps: FediverseDeps) {
  const actor = federation.setActorDispatcher(
    PATHS.actor,
    async (ctx, identifier) => {
      if (identifier !== ACTOR_ID) return null;
      const settings = await deps.settings();
      if (settings.socialWeb !== "on") return null;
      return siteActor(ctx, deps.siteUrl, settings);
    },
  );
  actor.setKeyPairsDispatcher(async (_ctx, identifier) =>
    identifier === ACTOR_ID ? actorKeyPairs(deps.db) : [],
  );
  actor.mapHandle(async (_ctx, username) => {
    const settings = await deps.settings();
    return settings.socialWeb === "on" &&
      username.toLowerCase() === settings.socialHandle.toLowerCase()
      ? ACTOR_ID
      : null;
  });

  const followers = federation.setFollowersDispatcher(
    PATHS.followers,
    async (_ctx, identifier) => {
      if (identifier !== ACTOR_ID) return null;
      const followers = await listFollowers(deps.db);
      return {
        items: followers.map((follower): Recipient => ({
          id: new URL(follower.actorId),
          inboxId: new URL(follower.inbox),
          endpoints: follower.sharedInbox
            ? { sharedInbox: new URL(follower.sharedInbox) }
            : null,
        })),
      };
    },
  );
  followers.setCounter((_ctx, identifier) =>
    identifier === ACTOR_ID ? countFollowers(deps.db) : null,
  );
  // Who follows the site is not published (docs/PRIVACY.md); the count is
  // on the dashboard. Deliveries read the list through the dispatcher.
  followers.authorize(() => false);

  const outbox = federation.setOutboxDispatcher(
    PATHS.outbox,
    async (_ctx, identifier) => {
      if (identifier !== ACTOR_ID) return null;
      const recent = await deps.db
        .select({ id: posts.id })
        .from(posts)
        .orderBy(desc(posts.createdAt))
        .limit(OUTBOX_PAGE);
      const items: Create[] = [];
      for (const { id } of recent) {
        const post = await readFederatedPost(deps.db, { id });
        if (post) items.push(await createOf(deps.db, deps.siteUrl, post));
      }
      return { items };
    },
  );
  outbox.setCounter(async () => {
    const [row] = await deps.db.select({ n: count() }).from(posts);
    return row?.n ?? 0;
  });

  federation.setNodeInfoDispatcher(PATHS.nodeInfo, async () => {
    const [row] = await deps.db.select({ n: count() }).from(posts);
    return {
      software: { name: "live-site", version: "1.0.0" },
      protocols: ["activitypub"],
      usage: {
        users: { total: 1, activeHalfyear: 1, activeMonth: 1 },
        localPosts: row?.n ?? 0,
        localComments: 0,
      },
      openRegistrations: false,
    };
  });
}

function registerObjects(federation: Federatable<null>, deps: FediverseDeps) {
  federation.setObjectDispatcher(Note, PATHS.note, async (_ctx, { id }) => {
    if (!/^[0-9a-f-]{36}$/.test(id)) return null;
    const post = await readFederatedPost(deps.db, { id });
    if (!post) return null;
    return postNote(
      post,
      postUris(deps.siteUrl, post),
      await imageAlt(deps.db, post.image),
    );
  });
  federation.setObjectDispatcher(
    Article,
    PATHS.article,
    async (_ctx, { slug }) => {
      const post = await readFederatedPost(deps.db, { slug });
      if (!post) return null;
      return postArticle(
        post,
        postUris(deps.siteUrl, post),
        await imageAlt(deps.db, post.image),
      );
    },
  );
}

function registerFollows(listeners: Listeners, deps: FediverseDeps) {
  listeners
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return;
      const actor = postUris(deps.siteUrl, { id: "" }).actor;
      if (follow.objectId.href !== actor.href) return;
      if (await isBlocked(deps.db, follow.actorId.href)) return;
      const follower = await follow.getActor(ctx);
      if (!isActor(follower) || !follower.id || !follower.inboxId) return;
      const sharedInbox = follower.endpoints?.sharedInbox ?? null;
      try {
        // Where the site's posts will be sent: never a private address.
        await checkAddress(follower.inboxId, deps.privatePeers);
        if (sharedInbox) await checkAddress(sharedInbox, deps.privatePeers);
      } catch (error) {
        deps.logger.warn("fediverse follow refused", {
          actor: follower.id.href,
          error: errorMessage(error),
        });
        return;
      }
      await addFollower(deps.db, {
        actorId: follower.id.href,
        handle: follower.preferredUsername
          ? `@${follower.preferredUsername.toString()}@${follower.id.host}`
          : null,
        inbox: follower.inboxId.href,
        sharedInbox: sharedInbox?.href ?? null,
        followId: follow.id.href,
      });
      await ctx.sendActivity(
        { identifier: ACTOR_ID },
        follower,
        new Accept({
          id: new URL(`#accept-${crypto.randomUUID()}`, actor),
          actor,
          object: follow,
        }),
      );
    })
    .on(Undo, async (_ctx, undo) => {
      // The follow undone is named by its id (Mastodon sends the Follow it
      // sent); matched against the follow stored with the follower, so
      // nothing is fetched and only the follower's own follow is undone.
      if (!undo.actorId || !undo.objectId) return;
      if (await removeFollow(deps.db, undo.actorId.href, undo.objectId.href))
        return;
      // Or a like or boost taken back.
      await removeResponse(deps.db, undo.actorId.href, undo.objectId.href);
    });
}

/** Registers the actor, its collections, the posts and the inbox listeners. */
export function configureFederation(
  federation: Federatable<null>,
  deps: FediverseDeps,
): Listeners {
  registerActor(federation, deps);
  registerObjects(federation, deps);
  const listeners = federation
    .setInboxListeners(PATHS.inbox, PATHS.sharedInbox)
    .onError((_ctx, error) => {
      deps.logger.warn("fediverse inbox activity failed", {
        error: errorMessage(error),
      });
    });
  registerFollows(listeners, deps);
  registerResponses(listeners, deps, deps.keepAvatar);
  // A follower's server that answers 404 or 410 for good is gone: its
  // followers are dropped rather than tried for days on every post.
  federation.setOutboxPermanentFailureHandler(async (_ctx, failure) => {
    for (const actorId of failure.actorIds)
      await removeFollower(deps.db, actorId.href);
    deps.logger.info("fediverse followers dropped", {
      inbox: failure.inbox.href,
      status: failure.statusCode,
      followers: failure.actorIds.length,
    });
  });
  return listeners;
}

export interface SiteFederationOptions extends FediverseDeps {
  kv: KvStore;
  queue: MessageQueue;
}

/** The real federation the server answers with and delivers through. */
export function createSiteFederation(
  options: SiteFederationOptions,
): SiteFederation {
  const limits = {
    privatePeers: options.privatePeers,
    userAgent: `live-site (+${options.siteUrl})`,
  };
  const federation = createFederation<null>({
    kv: options.kv,
    queue: options.queue,
    manuallyStartQueue: true,
    origin: options.siteUrl,
    documentLoaderFactory: documentLoaderFactory(limits, options.kv),
    authenticatedDocumentLoaderFactory: authenticatedLoaderFactory(limits),
    // Retried for days: 1 minute, doubling, at most 12 hours apart.
    outboxRetryPolicy: createExponentialBackoffPolicy({
      initialDelay: { minutes: 1 },
      maxDelay: { hours: 12 },
      maxAttempts: 20,
    }),
    signatureTimeWindow: duration({ hours: 1 }),
  });
  configureFederation(federation, options);
  return federation;
}
