-- Indexes for each screen's posts read (docs/PERFORMANCE.md, "Indexes").
DROP INDEX IF EXISTS "posts_date_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "posts_category_date_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_date_created_at_idx" ON "posts" USING btree ("date","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_category_date_created_at_idx" ON "posts" USING btree ("category","date","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_category_created_at_idx" ON "posts" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_created_at_idx" ON "posts" USING btree ("created_at");--> statement-breakpoint
-- Full-text search (docs/decisions/020): a generated column, so the database
-- keeps it current on every insert and update, whoever writes (the studio,
-- psql, the import). Title weighs most, then the excerpt, category and every
-- text value of meta (location, difficulty, artist, venue, status, takeaway,
-- highlights), then the body with its HTML tags removed. The 'english'
-- configuration is named, which makes the expression immutable.
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A')
  || setweight(to_tsvector('english'::regconfig, coalesce("excerpt", '') || ' ' || coalesce("category", '')), 'B')
  || setweight(to_tsvector('english'::regconfig, coalesce("meta", '{}'::jsonb)), 'B')
  || setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce("content", ''), '<[^>]*>', ' ', 'g')), 'C')
) STORED;--> statement-breakpoint
-- fastupdate off: every write goes straight into the index instead of a
-- pending list that only VACUUM merges (PGlite has no autovacuum), so a
-- search never pays for scanning that list. Posts are written rarely.
CREATE INDEX IF NOT EXISTS "posts_search_idx" ON "posts" USING gin ("search") WITH (fastupdate = off);
