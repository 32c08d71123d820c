-- "Also send to N subscribers" when scheduling (issue 51, decision 060): the
-- owner's wish, kept until the scheduler has published the post and queued
-- its send (once ever, by newsletter_sends.post_id), or until the schedule
-- is cancelled. Private: it announces nothing.
CREATE TABLE "newsletter_scheduled_sends" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_scheduled_sends" ADD CONSTRAINT "newsletter_scheduled_sends_post_id_studio_posts_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."studio_posts"("post_id") ON DELETE cascade ON UPDATE no action;
