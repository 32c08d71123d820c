// The content tables are a public interface (docs/CONTENT.md): names and types
// here are the contract with whoever manages content in PostgreSQL. The 13
// section tables are built from their entries in database/sections.ts.
// Each public content table announces its changes through the triggers of
// drizzle/0001_content_notifications.sql, which drizzle does not model: a
// public content table added later gets the same triggers in the (hand-edited)
// migration that creates it, and a place in contentTables
// (database/content-cache.ts); database/content-listener.test.ts checks both.
import { sql } from "drizzle-orm";
import type { NotNull } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { POST_FIELD_NAMES, POST_FIELDS } from "./post-lifecycle/fields";
import type {
  PostColumnType,
  PostFieldDescription,
  PostFieldName,
} from "./post-lifecycle/fields";
import { camelCase, sectionColumns } from "./sections";
import type {
  CamelCase,
  SectionFieldKind,
  SectionRegistry,
  SectionTable,
} from "./sections";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const displayOrder = () => integer("display_order").notNull().default(0);
/** Bumped by every change of what an edit form edits; a save based on another version is refused. */
const version = () => integer("version").notNull().default(1);

/** Each kind of section column as PostgreSQL stores it (database/sections.ts). */
const sectionColumnOf = {
  text: (name: string) => text(name).notNull(),
  textarea: (name: string) => text(name).notNull(),
  paragraphs: (name: string) => text(name).notNull(),
  icon: (name: string) => text(name).notNull(),
  colour: (name: string) => text(name),
  list: (name: string) =>
    text(name)
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  details: (name: string) =>
    jsonb(name)
      .notNull()
      .default(sql`'[]'::jsonb`),
} satisfies Record<SectionFieldKind, (name: string) => unknown>;

type SectionColumnOf<Column> = Column extends {
  kind: infer Kind extends SectionFieldKind;
}
  ? ReturnType<(typeof sectionColumnOf)[Kind]>
  : never;

type SectionColumnsOf<Table extends SectionTable> = {
  [
    Name in keyof SectionRegistry[Table]["columns"] & string as CamelCase<Name>
  ]: SectionColumnOf<SectionRegistry[Table]["columns"][Name]>;
};

/**
 * A section table from its registry entry: id, the entry's columns in its
 * order, display_order, created_at and version (the shape every section
 * table has). `version` is the one concurrency rule (docs/decisions/045): an
 * edit based on another version is refused.
 */
function sectionTable<Table extends SectionTable>(table: Table) {
  const columns = Object.fromEntries(
    sectionColumns(table).map(([name, column]) => [
      camelCase(name),
      sectionColumnOf[column.kind](name),
    ]),
  ) as SectionColumnsOf<Table>;
  return pgTable(table, {
    id: id(),
    ...columns,
    displayOrder: displayOrder(),
    createdAt: createdAt(),
    version: version(),
  });
}

export const coreValues = sectionTable("core_values");

export const personalJourneySections = sectionTable(
  "personal_journey_sections",
);

/** Each type a post field's column may have (database/post-lifecycle/fields.ts). */
const postColumnBuilders = {
  text: (name: string) => text(name),
  date: (name: string) => date(name, { mode: "string" }),
  jsonb: (name: string) => jsonb(name),
} satisfies Record<PostColumnType, (name: string) => unknown>;

type PostColumnOf<Field extends PostFieldDescription> =
  Field["optional"] extends true
    ? ReturnType<(typeof postColumnBuilders)[Field["column"]["type"]]>
    : NotNull<ReturnType<(typeof postColumnBuilders)[Field["column"]["type"]]>>;

type PostFieldColumns = {
  -readonly [Name in Exclude<PostFieldName, "slug">]: PostColumnOf<
    (typeof POST_FIELDS)[Name]
  >;
};

/**
 * The columns of a post's fields beyond its slug (each table keys that its
 * own way), the same in `posts` and `studio_posts`: built from their
 * description, database/post-lifecycle/fields.ts (null where optional).
 */
function postFieldColumns(): PostFieldColumns {
  const columns: Record<string, unknown> = {};
  for (const name of POST_FIELD_NAMES) {
    if (name === "slug") continue;
    const field: PostFieldDescription = POST_FIELDS[name];
    const column = postColumnBuilders[field.column.type](field.column.name);
    columns[name] = field.optional ? column : column.notNull();
  }
  return columns as PostFieldColumns;
}

export const posts = pgTable(
  "posts",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    ...postFieldColumns(),
    createdAt: createdAt(),
  },
  // Each screen's read walks one of these (docs/PERFORMANCE.md, "Indexes"):
  // the Content Hub and the feeds by date, Hiking and Travel by category and
  // date, Music by category and created_at; a post by slug (unique above).
  // The full-text column `search` and its GIN index are kept by the database
  // itself and live in drizzle/0004_scale_indexes.sql only, so no select here
  // ever carries it.
  (table) => [
    index("posts_date_created_at_idx").on(table.date, table.createdAt),
    index("posts_category_date_created_at_idx").on(
      table.category,
      table.date,
      table.createdAt,
    ),
    index("posts_category_created_at_idx").on(table.category, table.createdAt),
    index("posts_created_at_idx").on(table.createdAt),
  ],
);

export const trailPhilosophies = sectionTable("trail_philosophies");

export const musicPhilosophies = sectionTable("music_philosophies");

export const fitnessPhilosophies = sectionTable("fitness_philosophies");

export const fitnessRoutines = sectionTable("fitness_routines");

export const nutritionStrategies = sectionTable("nutrition_strategies");

export const leadershipPhilosophies = sectionTable("leadership_philosophies");

export const mentoringApproaches = sectionTable("mentoring_approaches");

export const leadershipLessons = sectionTable("leadership_lessons");

export const communityValues = sectionTable("community_values");

export const communityEvents = sectionTable("community_events");

export const motivationalSections = sectionTable("motivational_sections");

export const messages = pgTable(
  "messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    /** The key of the form rendering it was sent from: a resend with the same key stores nothing new. */
    idempotencyKey: text("idempotency_key").unique(),
    /** When the owner opened it in the studio's inbox; null while unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When the owner archived it (out of the inbox, kept). In the trash: a row of `trash`. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  // The inbox and the archive, each in the list's order (docs/decisions/030);
  // a folder leaves out what is in the trash through the trash's key.
  (table) => [
    index("messages_inbox_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.archivedAt} is null`),
    index("messages_archived_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.archivedAt} is not null`),
  ],
);

// ---------------------------------------------------------------------------
// The project's own tables (not part of the public content interface).
// ---------------------------------------------------------------------------

/** Durable queue of outgoing mail: written in the same transaction as the row it announces. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    messageId: uuid("message_id").references(() => messages.id, {
      onDelete: "cascade",
    }),
    recipient: text("recipient").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // A message's mail, for the inbox's list (and the cascade on purge).
    index("mail_outbox_message_idx").on(table.messageId),
    index("mail_outbox_pending_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null`),
  ],
);

/** Fixed-window request counters shared by every instance. */
export const requestLimits = pgTable("request_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  /** When this counter's window ends: each counter keeps its own (a minute for posts, 15 for an account's failures). */
  expiresAt: timestamp("expires_at", { withTimezone: true })
    .notNull()
    .defaultNow(),
});

// better-auth's tables (app/auth/auth.server.ts maps its models onto them),
// with snake_case columns. better-auth sets created/updated times itself; the
// defaults serve rows written by hand or by scripts/owner-create.ts.
const authTimestamp = (name: string) =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow();

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** 'owner' may change content; everyone else is a 'reader'. */
  role: text("role").notNull().default("reader"),
  createdAt: authTimestamp("created_at"),
  updatedAt: authTimestamp("updated_at").$onUpdate(() => new Date()),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: authTimestamp("created_at"),
    updatedAt: authTimestamp("updated_at").$onUpdate(() => new Date()),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", {
      withTimezone: true,
    }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", {
      withTimezone: true,
    }),
    scope: text("scope"),
    /** scrypt hash ("salt:key", hex) of an email-and-password account. */
    password: text("password"),
    createdAt: authTimestamp("created_at"),
    updatedAt: authTimestamp("updated_at").$onUpdate(() => new Date()),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: authTimestamp("created_at"),
    updatedAt: authTimestamp("updated_at").$onUpdate(() => new Date()),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** better-auth's rate-limit counters (sign-in attempts per client address), shared by every instance. */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  /** Milliseconds since the epoch. */
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Secrets the site generates for itself on first start (e.g. the auth signing key), so every instance agrees. */
export const siteSecrets = pgTable("site_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------
// The owner's studio (docs/decisions/017-studio-posts.md). The public `posts`
// table keeps meaning "what visitors see"; the studio's own state lives here.
// ---------------------------------------------------------------------------

/**
 * The studio's copy of each post it has touched: a draft's only copy, and a
 * published post's working copy (visitors see `posts` until "Update"); a
 * post in the trash keeps its row here and has one in `trash`. `post_id` is
 * the post's id in `posts` once published.
 */
export const studioPosts = pgTable(
  "studio_posts",
  {
    postId: uuid("post_id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    ...postFieldColumns(),
    /** Bumped by every save; a save based on another version is refused. */
    version: integer("version").notNull().default(1),
    /** The version visitors see (null: never published, or unpublished). */
    publishedVersion: integer("published_version"),
    /** When the working copy is to be published by the scheduler. */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    uniqueIndex("studio_posts_slug_idx").on(table.slug),
    index("studio_posts_scheduled_idx")
      .on(table.scheduledAt)
      .where(sql`${table.scheduledAt} is not null`),
    // The studio's post list order (docs/decisions/030).
    index("studio_posts_date_updated_idx").on(
      table.date,
      table.updatedAt,
      table.postId,
    ),
  ],
);

/** Every save and publish of a post, restorable as a new revision. */
export const studioPostRevisions = pgTable(
  "studio_post_revisions",
  {
    id: id(),
    postId: uuid("post_id")
      .notNull()
      .references(() => studioPosts.postId, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** save, autosave, publish, restore, ... */
    kind: text("kind").notNull(),
    /** The post's fields as saved (title, slug, excerpt, content, ...). */
    snapshot: jsonb("snapshot").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("studio_post_revisions_post_idx").on(table.postId, table.createdAt),
  ],
);

/** A post's former slugs: /post/old-slug answers 301 to its current one. */
export const postSlugRedirects = pgTable(
  "post_slug_redirects",
  {
    oldSlug: text("old_slug").notNull(),
    postId: uuid("post_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.oldSlug] })],
);

/** What the owner did in the studio, and what the scheduler did for them. */
export const studioActivity = pgTable(
  "studio_activity",
  {
    id: id(),
    /** create, update, publish, schedule, unpublish, delete, restore, upload, ... */
    action: text("action").notNull(),
    /** post, media */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    /** The subject's name when it happened (a post's title). */
    summary: text("summary").notNull(),
    /** Who: the owner's name, or 'Scheduler'. */
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("studio_activity_created_idx").on(table.createdAt)],
);

/** Raw bytes; node-postgres reads them as a Buffer, PGlite as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * Images uploaded in the studio (docs/decisions/022). Only the processed
 * variants are kept, never the upload itself, so no EXIF or GPS data is
 * stored. `hash` names the image in its public URLs (/media/<hash>-<w>x<h>.<ext>).
 */
export const media = pgTable(
  "media",
  {
    id: id(),
    hash: text("hash").notNull().unique(),
    /** The uploaded file's name, as the owner knows it. */
    filename: text("filename").notNull(),
    /** Size of the largest variant (the upload, upright, at most 1600 px wide). */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Bytes of the upload, before processing. */
    originalBytes: integer("original_bytes").notNull(),
    /** Suggested alt text, offered when the image is placed in a post. */
    alt: text("alt").notNull().default(""),
    /**
     * The public file a demo picture was imported from (/images/...), which
     * the demo posts keep showing; null for an upload (docs/decisions/034).
     */
    source: text("source").unique(),
    createdAt: createdAt(),
  },
  // The library's order, newest first (docs/decisions/030).
  (table) => [index("media_created_idx").on(table.createdAt, table.id)],
);

export const mediaVariants = pgTable(
  "media_variants",
  {
    id: id(),
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** 'avif', 'webp' or 'jpeg'. */
    format: text("format").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("media_variants_media_width_format_idx").on(
      table.mediaId,
      table.width,
      table.format,
    ),
  ],
);

/**
 * The studio's one trash (docs/decisions/045): whatever the owner deleted,
 * of any kind, is a row here until it is restored or purged the trash period later
 * (database/trash.ts). `kind` is what the activity log calls the item: a
 * post, a message, or the section table a row came from.
 */
export const trash = pgTable(
  "trash",
  {
    /** post, message, or a section table's name (core_values, ...). */
    kind: text("kind").notNull(),
    /** The item's own id: it comes back with it. */
    itemId: uuid("item_id").notNull(),
    /** What the trash's lists name it by (a post's or row's title, "Message from ..."). */
    title: text("title").notNull(),
    /**
     * What left a public table, to put back exactly (a published post's
     * public row, a section row whole, timestamps as ISO text); null when
     * the item's private row stays where it was (a draft, a message).
     */
    saved: jsonb("saved"),
    deletedAt: timestamp("deleted_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.itemId] }),
    index("trash_deleted_idx").on(table.deletedAt),
  ],
);

// ---------------------------------------------------------------------------
// Readership (docs/PRIVACY.md, docs/decisions/032): counted page views, no
// address and no cookie. Private tables.
// ---------------------------------------------------------------------------

/**
 * One counted page view, kept 90 days (then only its day's totals remain).
 * `visitor_key` is a hash of the day's salt, the site, the address and the
 * user agent: the same visitor has one key a day and a new one the next.
 */
export const readerViews = pgTable(
  "reader_views",
  {
    // No key of its own: a view is only ever read in bulk and deleted by
    // age, and a random uuid's index was most of each insert's cost.
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull(),
    path: text("path").notNull(),
    /** The public post the path showed, if any. */
    postId: uuid("post_id"),
    /** The referring page's host; null: none (typed, bookmarked, or withheld). */
    referrerHost: text("referrer_host"),
    /** The referrer is this site itself (a click from one page to another). */
    internal: boolean("internal").notNull().default(false),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** desktop, mobile or tablet. */
    device: text("device").notNull(),
    /** Chrome, Safari, Firefox, Edge, ... or Other. */
    browser: text("browser").notNull(),
    visitorKey: text("visitor_key").notNull(),
  },
  // A block range index: views are written in the order they were read, so
  // each range of the table's pages holds a short stretch of time, and
  // keeping the index costs each write far less than a B-tree's entry a
  // view (docs/decisions/054). maintainReaders summarizes the new ranges.
  (table) => [
    index("reader_views_viewed_at_idx").using("brin", table.viewedAt),
  ],
);

/**
 * Daily totals, one row per day and value of one dimension ('total' with
 * value '', 'path', 'post', 'referrer', 'campaign', 'device', 'browser'):
 * written when a day is over, kept after its views are deleted. Visitors are
 * distinct keys within the day and value.
 */
export const readerDays = pgTable(
  "reader_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.dimension, table.value] }),
    index("reader_days_dimension_day_idx").on(table.dimension, table.day),
  ],
);

/** One random salt per UTC day, deleted 48 hours after the day began. */
export const readerSalts = pgTable("reader_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * The owner's site settings (docs/decisions/041): one row, the fields saved in
 * the studio as a JSON object; a field missing from it is the default of
 * app/config/site.ts. It announces its changes like a public content table.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: smallint("id").primaryKey().default(1),
    settings: jsonb("settings")
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    check("site_settings_single_row", sql`${table.id} = 1`),
    check(
      "site_settings_object",
      sql`jsonb_typeof(${table.settings}) = 'object'`,
    ),
  ],
);

// ---------------------------------------------------------------------------
// The newsletter (docs/decisions/060): off until the owner turns it on.
// Private tables, apart from its settings row, which every page's join form
// follows and so announces its changes.
// ---------------------------------------------------------------------------

export const newsletterStatus = pgEnum("newsletter_status", [
  "pending",
  "confirmed",
  "unsubscribed",
  "bounced",
]);

export const newsletterDeliveryStatus = pgEnum("newsletter_delivery_status", [
  "queued",
  "sent",
  "failed",
  "bounced",
]);

/** One row once the owner saves; no row: off, with the defaults. */
export const newsletterSettings = pgTable(
  "newsletter_settings",
  {
    id: smallint("id").primaryKey().default(1),
    enabled: boolean("enabled").notNull().default(false),
    listName: text("list_name").notNull().default(""),
    promise: text("promise").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [check("newsletter_settings_single_row", sql`${table.id} = 1`)],
);

/** One address (lower-cased) with its consent and where it stands (database/newsletter.ts). */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text("email").notNull().unique(),
    status: newsletterStatus("status").notNull().default("pending"),
    consentedAt: timestamp("consented_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    /** The page the form was sent from (a path), or "import". */
    consentSource: text("consent_source").notNull(),
    /** The words of the form the reader saw. */
    consentWording: text("consent_wording").notNull(),
    /** SHA-256 (hex) of the mailed confirmation token; null once used. */
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    /** When a confirmation was last mailed: at most one a day per address. */
    confirmationMailedAt: timestamp("confirmation_mailed_at", {
      withTimezone: true,
    }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    /** Written into every mail's unsubscribe link; it can only unsubscribe. */
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    index("newsletter_subscribers_status_idx").on(
      table.status,
      table.createdAt,
      table.id,
    ),
  ],
);

/** A post mailed to the list: at most one per post, ever. */
export const newsletterSends = pgTable("newsletter_sends", {
  id: id(),
  postId: uuid("post_id").notNull().unique(),
  subject: text("subject").notNull(),
  recipients: integer("recipients").notNull().default(0),
  createdAt: createdAt(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

/** One send to one subscriber. */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    sendId: uuid("send_id")
      .notNull()
      .references(() => newsletterSends.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    status: newsletterDeliveryStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.sendId, table.subscriberId] }),
    index("newsletter_deliveries_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
    index("newsletter_deliveries_subscriber_idx").on(table.subscriberId),
  ],
);

// The social web (docs/decisions/061, drizzle/0022_fediverse.sql): off by
// default; empty until the owner turns it on.

/** The actor's key pairs as JWK; the newest not retired signs. */
export const fediverseKeys = pgTable(
  "fediverse_keys",
  {
    id: serial("id").primaryKey(),
    algorithm: text("algorithm")
      .$type<"RSASSA-PKCS1-v1_5" | "Ed25519">()
      .notNull()
      .default("RSASSA-PKCS1-v1_5"),
    publicKey: jsonb("public_key").$type<JsonWebKey>().notNull(),
    privateKey: jsonb("private_key").$type<JsonWebKey>().notNull(),
    createdAt: createdAt(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
  },
  (table) => [
    check(
      "fediverse_keys_algorithm",
      sql`${table.algorithm} IN ('RSASSA-PKCS1-v1_5', 'Ed25519')`,
    ),
  ],
);

/** Who follows the site, and where copies of its posts go. */
export const fediverseFollowers = pgTable("fediverse_followers", {
  actorId: text("actor_id").primaryKey(),
  handle: text("handle"),
  inbox: text("inbox").notNull(),
  sharedInbox: text("shared_inbox"),
  followId: text("follow_id"),
  createdAt: createdAt(),
});

/** Fedify's key-value store (server/fediverse/kv-store.ts). */
export const fediverseKv = pgTable(
  "fediverse_kv",
  {
    key: text("key").array().primaryKey(),
    value: jsonb("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [index("fediverse_kv_expires_at").on(table.expiresAt)],
);

/** Fedify's message queue and the delivery log (server/fediverse/message-queue.ts). */
export const fediverseQueue = pgTable(
  "fediverse_queue",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    message: jsonb("message").notNull(),
    orderingKey: text("ordering_key"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp("leased_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (table) => [
    index("fediverse_queue_due").on(table.dueAt, table.id),
    index("fediverse_queue_done_at").on(table.doneAt),
  ],
);

/** What followers are to be told, written by triggers (server/fediverse/events.ts). */
export const fediverseEvents = pgTable(
  "fediverse_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind")
      .$type<"create" | "update" | "delete" | "profile">()
      .notNull()
      .default("create"),
    postId: uuid("post_id"),
    createdAt: createdAt(),
    leasedUntil: timestamp("leased_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (table) => [
    index("fediverse_events_due").on(table.id),
    check(
      "fediverse_events_kind",
      sql`${table.kind} IN ('create', 'update', 'delete', 'profile')`,
    ),
  ],
);

/** Replies, likes and boosts of the site's posts. */
export const fediverseResponses = pgTable(
  "fediverse_responses",
  {
    id: id(),
    objectId: text("object_id").notNull().unique(),
    kind: text("kind")
      .$type<"reply" | "like" | "boost">()
      .notNull()
      .default("reply"),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name"),
    actorHandle: text("actor_handle"),
    actorUrl: text("actor_url"),
    avatar: text("avatar"),
    contentHtml: text("content_html"),
    url: text("url"),
    status: text("status")
      .$type<"pending" | "approved" | "hidden">()
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    index("fediverse_responses_post").on(
      table.postId,
      table.kind,
      table.status,
    ),
    check(
      "fediverse_responses_kind",
      sql`${table.kind} IN ('reply', 'like', 'boost')`,
    ),
    check(
      "fediverse_responses_status",
      sql`${table.status} IN ('pending', 'approved', 'hidden')`,
    ),
  ],
);

/** Reply authors' pictures, kept by the site (server/fediverse/avatars.ts). */
export const fediverseAvatars = pgTable("fediverse_avatars", {
  key: text("key").primaryKey(),
  source: text("source").notNull(),
  image: bytea("image").notNull(),
  createdAt: createdAt(),
});

/** Accounts (an actor id) or servers (a host) whose activities are dropped. */
export const fediverseBlocks = pgTable(
  "fediverse_blocks",
  {
    pattern: text("pattern").primaryKey(),
    kind: text("kind")
      .$type<"account" | "server">()
      .notNull()
      .default("account"),
    createdAt: createdAt(),
  },
  (table) => [
    check("fediverse_blocks_kind", sql`${table.kind} IN ('account', 'server')`),
  ],
);

/**
 * "Also send to N subscribers" ticked when scheduling (docs/decisions/060):
 * the scheduler queues the send once the post is out, then drops the wish.
 * Cancelling the schedule, or publishing by hand, drops it too.
 */
export const newsletterScheduledSends = pgTable("newsletter_scheduled_sends", {
  postId: uuid("post_id")
    .primaryKey()
    .references(() => studioPosts.postId, { onDelete: "cascade" }),
  createdAt: createdAt(),
});
