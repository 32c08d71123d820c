-- The social web's workers wake on a notification rather than a poll
-- (decision 061): a statement that adds to the delivery queue or records
-- changes to tell followers of notifies every instance listening on
-- fediverse_wake, with the table's name, when its transaction commits.
CREATE FUNCTION "fediverse_wake"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fediverse_wake', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "fediverse_queue_wake" AFTER INSERT ON "fediverse_queue" FOR EACH STATEMENT EXECUTE FUNCTION "fediverse_wake"();
--> statement-breakpoint
CREATE TRIGGER "fediverse_events_wake" AFTER INSERT ON "fediverse_events" FOR EACH STATEMENT EXECUTE FUNCTION "fediverse_wake"();
