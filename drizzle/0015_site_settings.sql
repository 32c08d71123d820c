-- The owner's site settings (docs/decisions/041): one row holding the fields
-- saved in the studio as a JSON object; a field not in it is the default of
-- app/config/site.ts. Like the public content tables it announces its
-- changes on content_changed (drizzle/0001_content_notifications.sql), so
-- every instance forgets its settings and cached pages on the next request.
CREATE TABLE "site_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("id" = 1),
	CONSTRAINT "site_settings_object" CHECK (jsonb_typeof("settings") = 'object')
);
--> statement-breakpoint
CREATE TRIGGER "site_settings_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "site_settings" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "site_settings_notify_content_truncated" AFTER TRUNCATE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
