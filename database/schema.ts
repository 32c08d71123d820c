// The content tables are a public interface (docs/CONTENT.md): names and types
// here are the contract with whoever manages content in PostgreSQL.
// Each public content table announces its changes through the triggers of
// drizzle/0001_content_notifications.sql, which drizzle does not model: a
// public content table added later gets the same triggers in the (hand-edited)
// migration that creates it, and a place in contentTables
// (database/content-cache.ts); database/content-listener.test.ts checks both.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const displayOrder = () => integer("display_order").notNull().default(0);

export const coreValues = pgTable("core_values", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  icon: text("icon").notNull(),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const personalJourneySections = pgTable("personal_journey_sections", {
  id: id(),
  title: text("title").notNull(),
  content: text("content").notNull(),
  borderColor: text("border_color"),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const posts = pgTable(
  "posts",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    image: text("image"),
    date: date("date", { mode: "string" }).notNull(),
    category: text("category").notNull(),
    author: text("author").notNull(),
    meta: jsonb("meta"),
    createdAt: createdAt(),
  },
  (table) => [
    index("posts_date_idx").on(table.date),
    index("posts_category_date_idx").on(table.category, table.date),
  ],
);

export const trailPhilosophies = pgTable("trail_philosophies", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  icon: text("icon").notNull(),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const musicPhilosophies = pgTable("music_philosophies", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  icon: text("icon").notNull(),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const fitnessPhilosophies = pgTable("fitness_philosophies", {
  id: id(),
  icon: text("icon").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const fitnessRoutines = pgTable("fitness_routines", {
  id: id(),
  icon: text("icon").notNull(),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull(),
  points: text("points")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const nutritionStrategies = pgTable("nutrition_strategies", {
  id: id(),
  icon: text("icon").notNull(),
  title: text("title").notNull(),
  benefits: text("benefits")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const leadershipPhilosophies = pgTable("leadership_philosophies", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  quote: text("quote").notNull(),
  icon: text("icon").notNull(),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const mentoringApproaches = pgTable("mentoring_approaches", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  results: text("results")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const leadershipLessons = pgTable("leadership_lessons", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  actions: text("actions")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const communityValues = pgTable("community_values", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  icon: text("icon").notNull(),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const communityEvents = pgTable("community_events", {
  id: id(),
  title: text("title").notNull(),
  type: text("type").notNull(),
  description: text("description").notNull(),
  details: jsonb("details")
    .notNull()
    .default(sql`'[]'::jsonb`),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const motivationalSections = pgTable("motivational_sections", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  icon: text("icon").notNull(),
  quote: text("quote").notNull(),
  displayOrder: displayOrder(),
  createdAt: createdAt(),
});

export const messages = pgTable("messages", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
});

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

/** Raw bytes; node-postgres reads them as a Buffer, PGlite as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * Images uploaded in the studio (docs/decisions/022). Only the processed
 * variants are kept, never the upload itself, so no EXIF or GPS data is
 * stored. `hash` names the image in its public URLs (/media/<hash>-<w>x<h>.<ext>).
 */
export const media = pgTable("media", {
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
  createdAt: createdAt(),
});

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
