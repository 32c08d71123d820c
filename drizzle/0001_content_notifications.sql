-- Every public content table (docs/CONTENT.md) announces its changes on the
-- channel content_changed, with the table's name as the payload, whoever makes
-- them (psql, the content import, another instance, the site). Each instance
-- LISTENs and forgets its cached reads and pages (docs/decisions/013).
-- Notifications are sent at commit, and PostgreSQL folds identical ones within
-- a transaction, so a bulk import sends one per table.
-- A public content table added later gets the same two triggers in the
-- migration that creates it.
CREATE OR REPLACE FUNCTION "notify_content_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "core_values_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "core_values" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "core_values_notify_content_truncated" AFTER TRUNCATE ON "core_values" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "personal_journey_sections_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "personal_journey_sections" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "personal_journey_sections_notify_content_truncated" AFTER TRUNCATE ON "personal_journey_sections" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "motivational_sections_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "motivational_sections" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "motivational_sections_notify_content_truncated" AFTER TRUNCATE ON "motivational_sections" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "leadership_philosophies_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "leadership_philosophies" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "leadership_philosophies_notify_content_truncated" AFTER TRUNCATE ON "leadership_philosophies" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "mentoring_approaches_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "mentoring_approaches" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "mentoring_approaches_notify_content_truncated" AFTER TRUNCATE ON "mentoring_approaches" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "leadership_lessons_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "leadership_lessons" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "leadership_lessons_notify_content_truncated" AFTER TRUNCATE ON "leadership_lessons" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "community_values_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "community_values" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "community_values_notify_content_truncated" AFTER TRUNCATE ON "community_values" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "community_events_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "community_events" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "community_events_notify_content_truncated" AFTER TRUNCATE ON "community_events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "trail_philosophies_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "trail_philosophies" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "trail_philosophies_notify_content_truncated" AFTER TRUNCATE ON "trail_philosophies" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "music_philosophies_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "music_philosophies" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "music_philosophies_notify_content_truncated" AFTER TRUNCATE ON "music_philosophies" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "fitness_philosophies_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "fitness_philosophies" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "fitness_philosophies_notify_content_truncated" AFTER TRUNCATE ON "fitness_philosophies" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "fitness_routines_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "fitness_routines" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "fitness_routines_notify_content_truncated" AFTER TRUNCATE ON "fitness_routines" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "nutrition_strategies_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "nutrition_strategies" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "nutrition_strategies_notify_content_truncated" AFTER TRUNCATE ON "nutrition_strategies" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "posts_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "posts" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "posts_notify_content_truncated" AFTER TRUNCATE ON "posts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
