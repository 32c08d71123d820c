-- One helper gives a section table (database/sections.ts) the three
-- triggers every one has: its changes announced on content_changed, a
-- truncate announced too (drizzle/0001_content_notifications.sql), and its
-- version bumped by any edit but a reorder (drizzle/0018_one_trash.sql). A
-- migration that creates a section table ends with
--   SELECT add_section_table_triggers('the_new_table');
-- and database/section-triggers.test.ts fails for a table without them.
CREATE OR REPLACE FUNCTION "add_section_table_triggers"(table_name text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION "notify_content_changed"()',
    table_name || '_notify_content_changed', table_name);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"()',
    table_name || '_notify_content_truncated', table_name);
  EXECUTE format(
    'CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION "bump_row_version"()',
    table_name || '_bump_version', table_name);
END;
$$;
