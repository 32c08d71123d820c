CREATE TABLE "studio_trashed_rows" (
	"row_id" uuid PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"row" jsonb NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "studio_trashed_rows_table_idx" ON "studio_trashed_rows" USING btree ("table_name","deleted_at");