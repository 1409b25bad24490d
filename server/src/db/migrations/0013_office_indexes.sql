ALTER TABLE "process_instances" ADD COLUMN "municipality_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "process_instances_municipality_idx" ON "process_instances" USING btree ("municipality_key","created_at","id");--> statement-breakpoint
CREATE INDEX "process_instances_awaiting_producer_idx" ON "process_instances" USING btree ("created_at","id") WHERE "process_instances"."technician_id" is not null and not "process_instances"."initiated" and not "process_instances"."finished" and not "process_instances"."rejected";--> statement-breakpoint
CREATE INDEX "process_instances_started_idx" ON "process_instances" USING btree ("created_at","id") WHERE "process_instances"."technician_id" is not null and "process_instances"."initiated" and not "process_instances"."finished" and not "process_instances"."rejected";--> statement-breakpoint
CREATE INDEX "process_instances_finished_idx" ON "process_instances" USING btree ("created_at","id") WHERE "process_instances"."finished";--> statement-breakpoint
CREATE INDEX "process_instances_rejected_idx" ON "process_instances" USING btree ("created_at","id") WHERE "process_instances"."rejected" and not "process_instances"."finished";--> statement-breakpoint
CREATE INDEX "process_instances_created_idx" ON "process_instances" USING btree ("created_at","id");--> statement-breakpoint
-- Each instance carries its property's municipality_key beside its region (migration 0011): the
-- office tables filter a municipality's requests from an index of their own.
CREATE OR REPLACE FUNCTION "instance_region_from_property"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."region", p."municipality_key" INTO NEW."region", NEW."municipality_key"
  FROM "properties" p WHERE p."id" = NEW."property_id";
  NEW."region" := coalesce(NEW."region", 'outras');
  NEW."municipality_key" := coalesce(NEW."municipality_key", '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "property_region_to_instances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "process_instances" SET "region" = NEW."region", "municipality_key" = NEW."municipality_key"
  WHERE "property_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "properties_region_to_instances" ON "properties";--> statement-breakpoint
CREATE TRIGGER "properties_region_to_instances" AFTER UPDATE OF "region", "municipality_key" ON "properties"
  FOR EACH ROW WHEN (OLD."region" IS DISTINCT FROM NEW."region" OR OLD."municipality_key" IS DISTINCT FROM NEW."municipality_key")
  EXECUTE FUNCTION "property_region_to_instances"();--> statement-breakpoint
UPDATE "process_instances" i SET "municipality_key" = p."municipality_key" FROM "properties" p WHERE p."id" = i."property_id";
