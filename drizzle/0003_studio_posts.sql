CREATE TABLE "post_slug_redirects" (
	"old_slug" text NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_slug_redirects_old_slug_pk" PRIMARY KEY("old_slug")
);
--> statement-breakpoint
CREATE TABLE "studio_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"summary" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_post_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_posts" (
	"post_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"image" text,
	"date" date NOT NULL,
	"category" text NOT NULL,
	"author" text NOT NULL,
	"meta" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"published_version" integer,
	"scheduled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"trashed_post" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studio_post_revisions" ADD CONSTRAINT "studio_post_revisions_post_id_studio_posts_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."studio_posts"("post_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_activity_created_idx" ON "studio_activity" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "studio_post_revisions_post_idx" ON "studio_post_revisions" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "studio_posts_slug_idx" ON "studio_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "studio_posts_scheduled_idx" ON "studio_posts" USING btree ("scheduled_at") WHERE "studio_posts"."scheduled_at" is not null;--> statement-breakpoint
CREATE INDEX "studio_posts_deleted_idx" ON "studio_posts" USING btree ("deleted_at") WHERE "studio_posts"."deleted_at" is not null;