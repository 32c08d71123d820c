-- One trash and one concurrency rule (docs/decisions/045).
--
-- Whatever the owner deletes in the studio is a row of "trash", whatever its
-- kind: a post (its studio row stays in studio_posts; "saved" holds the
-- public row it had, if any), a message (its row stays in messages), or a
-- section row ("saved" holds the row whole, as it left its public table).
-- What was in the three trashes before moves here as it was: the same ids,
-- the same deletion times, the same saved rows.
CREATE TABLE "trash" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"title" text NOT NULL,
	"saved" jsonb,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trash_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE INDEX "trash_deleted_idx" ON "trash" USING btree ("deleted_at");--> statement-breakpoint
INSERT INTO "trash" ("kind", "item_id", "title", "saved", "deleted_at")
SELECT 'post', "post_id", "title", "trashed_post", "deleted_at"
FROM "studio_posts" WHERE "deleted_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "trash" ("kind", "item_id", "title", "saved", "deleted_at")
SELECT 'message', "id", 'Message from ' || "name", NULL, "deleted_at"
FROM "messages" WHERE "deleted_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "trash" ("kind", "item_id", "title", "saved", "deleted_at")
SELECT "table_name", "row_id", coalesce("row"->>'title', ''), "row", "deleted_at"
FROM "studio_trashed_rows";--> statement-breakpoint
DROP TABLE "studio_trashed_rows";--> statement-breakpoint
-- The inbox's folders: the trash is no longer a column of messages, so the
-- inbox and the archive leave it out through the trash's key.
DROP INDEX IF EXISTS "messages_trash_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "messages_inbox_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "messages_archived_idx";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "deleted_at";--> statement-breakpoint
CREATE INDEX "messages_inbox_idx" ON "messages" USING btree ("created_at","id") WHERE "messages"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "messages_archived_idx" ON "messages" USING btree ("created_at","id") WHERE "messages"."archived_at" is not null;--> statement-breakpoint
DROP INDEX IF EXISTS "studio_posts_deleted_idx";--> statement-breakpoint
ALTER TABLE "studio_posts" DROP COLUMN "deleted_at";--> statement-breakpoint
ALTER TABLE "studio_posts" DROP COLUMN "trashed_post";--> statement-breakpoint
-- Section rows get the posts' concurrency rule: an integer version, 1 for
-- every row there is. Whoever changes a row's content (the studio, the
-- content import, psql) moves its version on: the trigger bumps it when an
-- update changes anything but the order and leaves the version as it was,
-- so an edit form opened before a change made anywhere is refused.
CREATE OR REPLACE FUNCTION "bump_row_version"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."version" = OLD."version"
     AND (to_jsonb(NEW) - 'display_order' - 'version')
       IS DISTINCT FROM (to_jsonb(OLD) - 'display_order' - 'version') THEN
    NEW."version" := OLD."version" + 1;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
ALTER TABLE "core_values" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "core_values_bump_version" BEFORE UPDATE ON "core_values" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
ALTER TABLE "personal_journey_sections" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "personal_journey_sections_bump_version" BEFORE UPDATE ON "personal_journey_sections" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
ALTER TABLE "trail_philosophies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "trail_philosophies_bump_version" BEFORE UPDATE ON "trail_philosophies" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
ALTER TABLE "music_philosophies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "music_philosophies_bump_version" BEFORE UPDATE ON "music_philosophies" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
ALTER TABLE "fitness_philosophies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "fitness_philosophies_bump_version" BEFORE UPDATE ON "fitness_philosophies" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
ALTER TABLE "fitness_routines" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "fitness_routines_bump_version" BEFORE UPDATE ON "fitness_routines" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
ALTER TABLE "nutrition_strategies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "nutrition_strategies_bump_version" BEFORE UPDATE ON "nutrition_strategies" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
ALTER TABLE "leadership_philosophies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "leadership_philosophies_bump_version" BEFORE UPDATE ON "leadership_philosophies" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
ALTER TABLE "mentoring_approaches" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "mentoring_approaches_bump_version" BEFORE UPDATE ON "mentoring_approaches" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
ALTER TABLE "leadership_lessons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "leadership_lessons_bump_version" BEFORE UPDATE ON "leadership_lessons" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
ALTER TABLE "community_values" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "community_values_bump_version" BEFORE UPDATE ON "community_values" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
ALTER TABLE "community_events" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "community_events_bump_version" BEFORE UPDATE ON "community_events" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
--> statement-breakpoint
ALTER TABLE "motivational_sections" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "motivational_sections_bump_version" BEFORE UPDATE ON "motivational_sections" FOR EACH ROW EXECUTE FUNCTION "bump_row_version"();
