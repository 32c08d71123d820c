-- The studio's lists a page at a time in index order (docs/decisions/030).
CREATE INDEX IF NOT EXISTS "mail_outbox_message_idx" ON "mail_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "media_created_idx" ON "media" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_inbox_idx" ON "messages" USING btree ("created_at","id") WHERE "messages"."deleted_at" is null and "messages"."archived_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_archived_idx" ON "messages" USING btree ("created_at","id") WHERE "messages"."deleted_at" is null and "messages"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_trash_idx" ON "messages" USING btree ("created_at","id") WHERE "messages"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "studio_posts_date_updated_idx" ON "studio_posts" USING btree ("date","updated_at","post_id");--> statement-breakpoint
-- The studio's post list reads its rows from this index alone (index-only,
-- once vacuumed): the list's order with every column a row shows, so a deep
-- page, a title search and the counts never read the table, where the
-- bodies are. Not in the drizzle schema, which cannot say INCLUDE.
CREATE INDEX IF NOT EXISTS "posts_studio_list_idx" ON "posts" USING btree ("date","created_at","id") INCLUDE ("title","slug","category");
--> statement-breakpoint
-- The posts that show an upload, for the media library's "Used in": only
-- these bodies are searched for the page's images (app/studio/media/media.server.ts
-- names the same condition, word for word, so the planner can use it).
CREATE INDEX IF NOT EXISTS "posts_media_refs_idx" ON "posts" USING btree ("id") WHERE strpos("content", '/media/') > 0 OR strpos(coalesce("image", ''), '/media/') > 0;
