-- A post's reading time and its related posts (docs/decisions/031), kept by
-- the database like `search` (0004), so every writer (the studio, psql, the
-- import) keeps them current. Neither is in the drizzle schema.
-- `words`: the words of the body without its HTML tags; each run of
-- non-space characters becomes one "x", so the difference in length counts
-- the runs.
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "words" integer GENERATED ALWAYS AS (
  length(regexp_replace(regexp_replace("content", '<[^>]*>', ' ', 'g'), '\S+', 'x', 'g'))
  - length(regexp_replace(regexp_replace("content", '<[^>]*>', ' ', 'g'), '\S+', '', 'g'))
) STORED;--> statement-breakpoint
-- `related`: the title (weight A) and excerpt (B) alone, what "similar" is
-- measured on; small enough to rank every post of a category in a few
-- milliseconds. fastupdate off as for `search`.
ALTER TABLE "posts" ADD COLUMN IF NOT EXISTS "related" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A')
  || setweight(to_tsvector('english'::regconfig, coalesce("excerpt", '')), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "posts_related_idx" ON "posts" USING gin ("related") WITH (fastupdate = off);
