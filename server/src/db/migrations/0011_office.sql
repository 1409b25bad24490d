ALTER TABLE "process_instances" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "process_instances" ADD COLUMN "last_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "process_instances" ADD COLUMN "region" text DEFAULT 'outras' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "municipality_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "region" text DEFAULT 'outras' NOT NULL;--> statement-breakpoint
ALTER TABLE "process_instances" ADD CONSTRAINT "process_instances_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pendencies_due_idx" ON "pendencies" USING btree ("due_date","process_instance_id") WHERE "pendencies"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "process_instances_responsible_idx" ON "process_instances" USING btree (coalesce("technician_id", "assignee_id"),"created_at");--> statement-breakpoint
CREATE INDEX "process_instances_assigned_awaiting_idx" ON "process_instances" USING btree ("assignee_id") WHERE "process_instances"."technician_id" is null and not "process_instances"."finished" and not "process_instances"."rejected";--> statement-breakpoint
CREATE INDEX "process_instances_region_idx" ON "process_instances" USING btree ("region","created_at");--> statement-breakpoint
CREATE INDEX "process_instances_open_region_idx" ON "process_instances" USING btree ("region","created_at","id") WHERE not "process_instances"."finished" and not "process_instances"."rejected";--> statement-breakpoint
CREATE INDEX "properties_region_idx" ON "properties" USING btree ("region");--> statement-breakpoint
CREATE INDEX "properties_municipality_idx" ON "properties" USING btree ("municipality_key");--> statement-breakpoint
-- The municipality as municipalityKey writes it and its IRGA region (contracts/src/regions.ts),
-- for the properties written before the app kept them.
UPDATE "properties" SET "municipality_key" = btrim(regexp_replace(lower(translate("municipality", 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn')), '\s+', ' ', 'g'));--> statement-breakpoint
UPDATE "properties" SET "region" = CASE
  WHEN "municipality_key" IN ('alegrete', 'barra do quarai', 'garruchos', 'itacurubi', 'itaqui', 'macambara', 'manoel viana', 'quarai', 'santo antonio das missoes', 'sao borja', 'sao francisco de assis', 'unistalda', 'uruguaiana') THEN 'fronteira_oeste'
  WHEN "municipality_key" IN ('acegua', 'bage', 'cacequi', 'candiota', 'dom pedrito', 'hulha negra', 'lavras do sul', 'rosario do sul', 'santa margarida do sul', 'santana do livramento', 'sao gabriel') THEN 'campanha'
  WHEN "municipality_key" IN ('agudo', 'cachoeira do sul', 'candelaria', 'cerro branco', 'dilermando de aguiar', 'dona francisca', 'faxinal do soturno', 'formigueiro', 'general camara', 'itaara', 'ivora', 'jaguari', 'mata', 'nova palma', 'novo cabrais', 'pantano grande', 'paraiso do sul', 'passo do sobrado', 'pinhal grande', 'restinga seca', 'rio pardo', 'santa cruz do sul', 'santa maria', 'sao joao do polesine', 'sao martinho da serra', 'sao pedro do sul', 'sao sepe', 'sao vicente do sul', 'silveira martins', 'toropi', 'vale verde', 'vera cruz', 'vila nova do sul') THEN 'central'
  WHEN "municipality_key" IN ('amaral ferrador', 'arambare', 'arroio dos ratos', 'barra do ribeiro', 'butia', 'camaqua', 'cerro grande do sul', 'charqueadas', 'chuvisca', 'cristal', 'dom feliciano', 'eldorado do sul', 'guaiba', 'mariana pimentel', 'minas do leao', 'sao jeronimo', 'sao lourenco do sul', 'sentinela do sul', 'sertao santana', 'tapes', 'triunfo') THEN 'costeira_interna'
  WHEN "municipality_key" IN ('arroio do sal', 'balneario pinhal', 'capao da canoa', 'capivari do sul', 'caraa', 'cidreira', 'dom pedro de alcantara', 'glorinha', 'gravatai', 'imbe', 'mampituba', 'maquine', 'morrinhos do sul', 'mostardas', 'osorio', 'palmares do sul', 'santo antonio da patrulha', 'tavares', 'terra de areia', 'torres', 'tramandai', 'tres cachoeiras', 'tres forquilhas', 'viamao', 'xangri-la') THEN 'costeira_externa'
  WHEN "municipality_key" IN ('arroio grande', 'cangucu', 'capao do leao', 'cerrito', 'chui', 'herval', 'jaguarao', 'morro redondo', 'pedro osorio', 'pelotas', 'pinheiro machado', 'piratini', 'rio grande', 'santa vitoria do palmar', 'turucu') THEN 'zona_sul'
  ELSE 'outras' END;--> statement-breakpoint
-- The newest event of each instance's timeline ('dias desde a última ação'): one statement-level
-- trigger per insert, so a bulk insert of events updates each instance once.
CREATE FUNCTION "touch_instance_last_action"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "process_instances" i SET "last_action_at" = greatest(i."last_action_at", latest."at")
  FROM (SELECT "process_instance_id", max("created_at") AS "at" FROM "inserted" GROUP BY 1) latest
  WHERE i."id" = latest."process_instance_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "events_touch_instance" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_instance_last_action"();--> statement-breakpoint
UPDATE "process_instances" i SET "last_action_at" = latest."at"
FROM (SELECT "process_instance_id", max("created_at") AS "at" FROM "events" GROUP BY 1) latest
WHERE i."id" = latest."process_instance_id";
--> statement-breakpoint
-- Each instance carries its property's region (schema.ts): copied when it is written, and again on
-- every instance of a property whose region changes.
CREATE FUNCTION "instance_region_from_property"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."region" := coalesce((SELECT "region" FROM "properties" WHERE "id" = NEW."property_id"), 'outras');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "process_instances_region" BEFORE INSERT OR UPDATE OF "property_id" ON "process_instances"
  FOR EACH ROW EXECUTE FUNCTION "instance_region_from_property"();--> statement-breakpoint
CREATE FUNCTION "property_region_to_instances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "process_instances" SET "region" = NEW."region" WHERE "property_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_region_to_instances" AFTER UPDATE OF "region" ON "properties"
  FOR EACH ROW WHEN (OLD."region" IS DISTINCT FROM NEW."region")
  EXECUTE FUNCTION "property_region_to_instances"();--> statement-breakpoint
UPDATE "process_instances" i SET "region" = p."region" FROM "properties" p WHERE p."id" = i."property_id";
