-- The newsletter (issue 51, docs/decisions/060-the-newsletter.md).
--
-- newsletter_settings: one row, off by default (and after an upgrade: the row
-- is only written when the owner saves). Every page's join form follows it,
-- so it announces its changes like the site settings do.
CREATE TYPE "newsletter_status" AS ENUM ('pending', 'confirmed', 'unsubscribed', 'bounced');
--> statement-breakpoint
CREATE TYPE "newsletter_delivery_status" AS ENUM ('queued', 'sent', 'failed', 'bounced');
--> statement-breakpoint
CREATE TABLE "newsletter_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"list_name" text DEFAULT '' NOT NULL,
	"promise" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_settings_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
CREATE TRIGGER "newsletter_settings_notify_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "newsletter_settings" FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "newsletter_settings_notify_content_truncated" AFTER TRUNCATE ON "newsletter_settings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
-- One row per address (kept lower-cased, so an address is one subscriber
-- however it is typed). The consent is the row's own: when, from which page,
-- and the words of the form the reader saw. The confirmation token is kept as
-- its SHA-256 only; the unsubscribe token is written into every mail, so it is
-- kept as it is (it unsubscribes, nothing more).
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"status" "newsletter_status" DEFAULT 'pending' NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consent_source" text NOT NULL,
	"consent_wording" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmation_mailed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscribers_unsubscribe_token_unique" UNIQUE("unsubscribe_token"),
	CONSTRAINT "newsletter_subscribers_confirm_token_hash_unique" UNIQUE("confirm_token_hash")
);
--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_idx" ON "newsletter_subscribers" USING btree ("status","created_at","id");
--> statement-breakpoint
-- A post is sent at most once, ever: one send per post.
CREATE TABLE "newsletter_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "newsletter_sends_post_id_unique" UNIQUE("post_id")
);
--> statement-breakpoint
-- One row per send and recipient, written by one INSERT ... SELECT when a
-- send is queued; its key makes a second queueing of the same pair a no-op.
CREATE TABLE "newsletter_deliveries" (
	"send_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"status" "newsletter_delivery_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_deliveries_send_id_subscriber_id_pk" PRIMARY KEY("send_id","subscriber_id")
);
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_send_id_newsletter_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."newsletter_sends"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_due_idx" ON "newsletter_deliveries" USING btree ("next_attempt_at") WHERE "status" = 'queued';
--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_subscriber_idx" ON "newsletter_deliveries" USING btree ("subscriber_id");
