CREATE TABLE "cache_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "process_instances_open_idx" ON "process_instances" USING btree ("created_at","id") WHERE not "process_instances"."finished" and not "process_instances"."rejected";--> statement-breakpoint
CREATE INDEX "process_instances_awaiting_technician_idx" ON "process_instances" USING btree ("created_at","id") WHERE "process_instances"."technician_id" is null and not "process_instances"."finished" and not "process_instances"."rejected";--> statement-breakpoint
-- The public seal list (GET /api/stamp/all) is built from stamps and processes: any write to them
-- gives its cache a new version (lib/versioned-cache.ts), whichever process or tool wrote.
CREATE FUNCTION "bump_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cache_versions" ("name", "version") VALUES (TG_ARGV[0], gen_random_uuid()::text)
  ON CONFLICT ("name") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stamps_bump_cache_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stamps"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('stamp-list');--> statement-breakpoint
CREATE TRIGGER "processes_bump_cache_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "processes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('stamp-list');--> statement-breakpoint
INSERT INTO "cache_versions" ("name", "version") VALUES ('stamp-list', gen_random_uuid()::text);
--> statement-breakpoint
-- X-Total-Count of the staff lists without counting (list_counts): the conditions are those of
-- server/src/modules/instances/conditions.ts, isOpen and awaitsTechnician.
CREATE FUNCTION "count_instance_lists"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_open boolean := false;
  was_awaiting boolean := false;
  is_open boolean := false;
  is_awaiting boolean := false;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    was_open := NOT OLD."finished" AND NOT OLD."rejected";
    was_awaiting := was_open AND OLD."technician_id" IS NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    is_open := NOT NEW."finished" AND NOT NEW."rejected";
    is_awaiting := is_open AND NEW."technician_id" IS NULL;
  END IF;
  IF was_open <> is_open THEN
    UPDATE "list_counts" SET "total" = "total" + CASE WHEN is_open THEN 1 ELSE -1 END
    WHERE "name" = 'instances_open';
  END IF;
  IF was_awaiting <> is_awaiting THEN
    UPDATE "list_counts" SET "total" = "total" + CASE WHEN is_awaiting THEN 1 ELSE -1 END
    WHERE "name" = 'instances_awaiting_technician';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "process_instances_count_lists" AFTER INSERT OR DELETE OR UPDATE OF "finished", "rejected", "technician_id" ON "process_instances"
  FOR EACH ROW EXECUTE FUNCTION "count_instance_lists"();--> statement-breakpoint
CREATE FUNCTION "reset_instance_lists"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_counts" SET "total" = 0 WHERE "name" IN ('instances_open', 'instances_awaiting_technician');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "process_instances_reset_lists" AFTER TRUNCATE ON "process_instances"
  FOR EACH STATEMENT EXECUTE FUNCTION "reset_instance_lists"();--> statement-breakpoint
INSERT INTO "list_counts" ("name", "total")
SELECT 'instances_open', count(*) FROM "process_instances" WHERE NOT "finished" AND NOT "rejected"
UNION ALL
SELECT 'instances_awaiting_technician', count(*) FROM "process_instances"
WHERE NOT "finished" AND NOT "rejected" AND "technician_id" IS NULL;
