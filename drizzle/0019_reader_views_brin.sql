DROP INDEX "reader_views_viewed_at_idx";--> statement-breakpoint
CREATE INDEX "reader_views_viewed_at_idx" ON "reader_views" USING brin ("viewed_at");