ALTER TABLE "request_limits" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Counters already running keep the window they were counted in: an
-- account's failures 15 minutes, every other counter a minute.
UPDATE "request_limits" SET "expires_at" = "window_start" + CASE WHEN "key" LIKE 'sign-in-failures:%' THEN interval '15 minutes' ELSE interval '1 minute' END;
