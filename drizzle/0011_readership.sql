CREATE TABLE "reader_days" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "reader_days_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "reader_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reader_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	"path" text NOT NULL,
	"post_id" uuid,
	"referrer_host" text,
	"internal" boolean DEFAULT false NOT NULL,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"visitor_key" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reader_days_dimension_day_idx" ON "reader_days" USING btree ("dimension","day");--> statement-breakpoint
CREATE INDEX "reader_views_viewed_at_idx" ON "reader_views" USING btree ("viewed_at");