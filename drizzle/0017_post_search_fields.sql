-- A post's search and sharing fields (docs/decisions/043): a search title and
-- description, a social image and a canonical address, on the public row and
-- the studio's working copy alike. Each is optional; existing rows get NULL,
-- which means what the site did before (the title, the excerpt, the hero
-- image or the drawn card, the post's own address).
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "search_title" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "search_description" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "social_image" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "canonical_url" text;--> statement-breakpoint
ALTER TABLE "studio_posts" ADD COLUMN IF NOT EXISTS "search_title" text;--> statement-breakpoint
ALTER TABLE "studio_posts" ADD COLUMN IF NOT EXISTS "search_description" text;--> statement-breakpoint
ALTER TABLE "studio_posts" ADD COLUMN IF NOT EXISTS "social_image" text;--> statement-breakpoint
ALTER TABLE "studio_posts" ADD COLUMN IF NOT EXISTS "canonical_url" text;--> statement-breakpoint
-- A social image from the media library is a use of it, as the hero image
-- is: the media library's "Used in" searches the posts this index holds
-- (app/studio/media/media.server.ts names the same condition word for word).
DROP INDEX IF EXISTS "posts_media_refs_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_media_refs_idx" ON "posts" USING btree ("id") WHERE strpos("content", '/media/') > 0 OR strpos(coalesce("image", ''), '/media/') > 0 OR strpos(coalesce("social_image", ''), '/media/') > 0;
