CREATE INDEX "properties_list_idx" ON "properties" USING btree ("search_text" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_list_idx" ON "users" USING btree ("search_text","id");--> statement-breakpoint
-- X-Total-Count of the property and user lists without counting the table (list_counts): one
-- statement-level trigger per event, so a bulk insert updates the counter once.
CREATE FUNCTION "count_table_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "list_counts" SET "total" = "total" + (SELECT count(*) FROM "inserted") WHERE "name" = TG_ARGV[0];
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "list_counts" SET "total" = "total" - (SELECT count(*) FROM "deleted") WHERE "name" = TG_ARGV[0];
  ELSE
    UPDATE "list_counts" SET "total" = 0 WHERE "name" = TG_ARGV[0];
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_count_inserts" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_table_rows"('properties');--> statement-breakpoint
CREATE TRIGGER "properties_count_deletes" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS "deleted"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_table_rows"('properties');--> statement-breakpoint
CREATE TRIGGER "properties_count_truncate" AFTER TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_table_rows"('properties');--> statement-breakpoint
CREATE TRIGGER "users_count_inserts" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_table_rows"('users');--> statement-breakpoint
CREATE TRIGGER "users_count_deletes" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "deleted"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_table_rows"('users');--> statement-breakpoint
CREATE TRIGGER "users_count_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_table_rows"('users');--> statement-breakpoint
INSERT INTO "list_counts" ("name", "total")
SELECT 'properties', count(*) FROM "properties"
UNION ALL
SELECT 'users', count(*) FROM "users";
--> statement-breakpoint
-- Totals of searches are kept per version of the data they count (lib/search-totals.ts).
CREATE TRIGGER "process_instances_bump_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "process_instances"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('instance-search');--> statement-breakpoint
CREATE TRIGGER "properties_bump_instance_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('instance-search');--> statement-breakpoint
CREATE TRIGGER "properties_bump_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('property-search');--> statement-breakpoint
CREATE TRIGGER "users_bump_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('user-search');--> statement-breakpoint
INSERT INTO "cache_versions" ("name", "version") VALUES
  ('instance-search', gen_random_uuid()::text),
  ('property-search', gen_random_uuid()::text),
  ('user-search', gen_random_uuid()::text);
