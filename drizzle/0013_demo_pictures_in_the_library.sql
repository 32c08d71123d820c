ALTER TABLE "media" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_source_unique" UNIQUE("source");