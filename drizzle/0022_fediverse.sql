-- The social web (docs/decisions/061): the site as one ActivityPub actor,
-- through Fedify. Off by default; these tables stay empty until the owner
-- turns it on in Settings. Only fediverse_responses, which the post pages
-- show, announces its changes on content_changed.
--
-- The actor's key pairs, as JWK. The newest without retired_at signs; a
-- rotated pair keeps its row (retired) so the archive and backups carry the
-- history, and is no longer published.
CREATE TABLE "fediverse_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"algorithm" text DEFAULT 'RSASSA-PKCS1-v1_5' NOT NULL,
	"public_key" jsonb NOT NULL,
	"private_key" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "fediverse_keys_algorithm" CHECK ("algorithm" IN ('RSASSA-PKCS1-v1_5', 'Ed25519'))
);
--> statement-breakpoint
-- Who follows the site: the remote actor and where its copies go.
CREATE TABLE "fediverse_followers" (
	"actor_id" text PRIMARY KEY NOT NULL,
	"handle" text,
	"inbox" text NOT NULL,
	"shared_inbox" text,
	"follow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Fedify's key-value store (server/fediverse/kv-store.ts): its caches of
-- remote documents, idempotence marks of activities received, and the like.
CREATE TABLE "fediverse_kv" (
	"key" text[] PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "fediverse_kv_expires_at" ON "fediverse_kv" ("expires_at") WHERE "expires_at" IS NOT NULL;
--> statement-breakpoint
-- Fedify's message queue (server/fediverse/message-queue.ts): outgoing
-- deliveries and incoming activities to process. A row is claimed under a
-- lease with FOR UPDATE SKIP LOCKED, so one instance handles it; done_at
-- keeps it as the delivery log until it ages out.
CREATE TABLE "fediverse_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"ordering_key" text,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "fediverse_queue_due" ON "fediverse_queue" ("due_at", "id") WHERE "done_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "fediverse_queue_done_at" ON "fediverse_queue" ("done_at") WHERE "done_at" IS NOT NULL;
--> statement-breakpoint
-- Replies, likes and boosts of the site's posts. A reply waits (pending)
-- until the owner approves or hides it.
CREATE TABLE "fediverse_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"object_id" text NOT NULL,
	"kind" text DEFAULT 'reply' NOT NULL,
	"post_id" uuid NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
	"actor_id" text NOT NULL,
	"actor_name" text,
	"actor_handle" text,
	"actor_url" text,
	"avatar" text,
	"content_html" text,
	"url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_responses_object_id_unique" UNIQUE ("object_id"),
	CONSTRAINT "fediverse_responses_kind" CHECK ("kind" IN ('reply', 'like', 'boost')),
	CONSTRAINT "fediverse_responses_status" CHECK ("status" IN ('pending', 'approved', 'hidden'))
);
--> statement-breakpoint
CREATE INDEX "fediverse_responses_post" ON "fediverse_responses" ("post_id", "kind", "status");
--> statement-breakpoint
-- Approved replies and the counts show under their post: like a content
-- table, a change is announced so every instance's cached pages go.
CREATE TRIGGER "fediverse_responses_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "fediverse_responses" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "fediverse_responses_notify_content_truncated" AFTER TRUNCATE ON "fediverse_responses" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
-- Accounts (an actor id) or servers (a host name) the owner blocked: their
-- activities are dropped on arrival.
CREATE TABLE "fediverse_blocks" (
	"pattern" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'account' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_blocks_kind" CHECK ("kind" IN ('account', 'server'))
);
--> statement-breakpoint
-- What followers are to be told: a post published (create), changed
-- (update) or taken off the site (delete), or the owner's profile changed.
-- Written by the triggers below in the transaction of the change itself,
-- however it was made (the studio, the scheduler, SQL), so a change is never
-- lost between the database and the queue; server/fediverse/events.ts turns
-- each into an activity for Fedify's queue, once across instances. Nothing
-- is written while the social web is off, nor by an archive import (it sets
-- live_site.fediverse_quiet), nor by a restore (pg_dump makes the triggers
-- after the rows).
CREATE TABLE "fediverse_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'create' NOT NULL,
	"post_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	CONSTRAINT "fediverse_events_kind" CHECK ("kind" IN ('create', 'update', 'delete', 'profile'))
);
--> statement-breakpoint
CREATE INDEX "fediverse_events_due" ON "fediverse_events" ("id") WHERE "done_at" IS NULL;
--> statement-breakpoint
CREATE FUNCTION "fediverse_told"() RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('live_site.fediverse_quiet', true), '') <> 'on'
    AND EXISTS (SELECT 1 FROM "site_settings" WHERE "settings"->>'socialWeb' = 'on');
$$;
--> statement-breakpoint
CREATE FUNCTION "fediverse_post_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT "fediverse_told"() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "fediverse_events" ("kind", "post_id") VALUES ('create', NEW."id");
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "fediverse_events" ("kind", "post_id") VALUES ('delete', OLD."id");
  ELSIF (OLD."title", OLD."slug", OLD."excerpt", OLD."content", OLD."image", OLD."category")
        IS DISTINCT FROM (NEW."title", NEW."slug", NEW."excerpt", NEW."content", NEW."image", NEW."category") THEN
    INSERT INTO "fediverse_events" ("kind", "post_id") VALUES ('update', NEW."id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_fediverse_changed" AFTER INSERT OR UPDATE OR DELETE ON "posts" FOR EACH ROW EXECUTE FUNCTION "fediverse_post_changed"();
--> statement-breakpoint
CREATE FUNCTION "fediverse_profile_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT "fediverse_told"() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' OR (OLD."settings"->>'socialWeb') IS DISTINCT FROM 'on' THEN
    -- Just turned on: nobody follows yet.
    RETURN NULL;
  END IF;
  IF (
    OLD."settings"->'ownerName', OLD."settings"->'description', OLD."settings"->'portrait', OLD."settings"->'socialHandle'
  ) IS DISTINCT FROM (
    NEW."settings"->'ownerName', NEW."settings"->'description', NEW."settings"->'portrait', NEW."settings"->'socialHandle'
  ) THEN
    INSERT INTO "fediverse_events" ("kind") VALUES ('profile');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "site_settings_fediverse_changed" AFTER INSERT OR UPDATE ON "site_settings" FOR EACH ROW EXECUTE FUNCTION "fediverse_profile_changed"();
--> statement-breakpoint
-- Reply authors' pictures, fetched once by the server (size- and
-- type-checked, made a small WebP) and served by the site, so a reader's
-- browser never asks another server for them. Keyed by a hash of the
-- picture's address.
CREATE TABLE "fediverse_avatars" (
	"key" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"image" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
