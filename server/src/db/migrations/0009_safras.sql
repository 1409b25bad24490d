CREATE TABLE "expiry_alerts" (
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"expires_on" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expiry_alerts_kind_subject_id_expires_on_days_before_pk" PRIMARY KEY("kind","subject_id","expires_on","days_before")
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "standing" text DEFAULT 'valid' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "standing_reason" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "standing_note" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "standing_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "standing_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "field_instances" ADD COLUMN "carried_from_id" uuid;--> statement-breakpoint
ALTER TABLE "field_instances" ADD COLUMN "carried_over" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "process_instances" ADD COLUMN "rice_area_ha" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "process_instances" ADD COLUMN "publish_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "process_instances" ADD COLUMN "publish_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "process_instances" ADD COLUMN "renewal_of_id" uuid;--> statement-breakpoint
ALTER TABLE "processes" ADD COLUMN "safra" text;--> statement-breakpoint
UPDATE "processes" SET "safra" = (CASE WHEN extract(month FROM "start_date") >= 7 THEN extract(year FROM "start_date")::int ELSE extract(year FROM "start_date")::int - 1 END)::text || '/' || lpad(((CASE WHEN extract(month FROM "start_date") >= 7 THEN extract(year FROM "start_date")::int ELSE extract(year FROM "start_date")::int - 1 END + 1) % 100)::text, 2, '0');--> statement-breakpoint
ALTER TABLE "processes" ALTER COLUMN "safra" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "processes" ADD COLUMN "previous_process_id" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_standing_changed_by_users_id_fk" FOREIGN KEY ("standing_changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_instances" ADD CONSTRAINT "field_instances_carried_from_id_field_instances_id_fk" FOREIGN KEY ("carried_from_id") REFERENCES "public"."field_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_instances" ADD CONSTRAINT "process_instances_renewal_of_id_process_instances_id_fk" FOREIGN KEY ("renewal_of_id") REFERENCES "public"."process_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_previous_process_id_processes_id_fk" FOREIGN KEY ("previous_process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_standing_changed_by_idx" ON "certificates" USING btree ("standing_changed_by");--> statement-breakpoint
CREATE INDEX "field_instances_carried_from_idx" ON "field_instances" USING btree ("carried_from_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_instances_renewal_key" ON "process_instances" USING btree ("renewal_of_id") WHERE not "process_instances"."rejected";--> statement-breakpoint
CREATE INDEX "processes_safra_idx" ON "processes" USING btree ("safra");--> statement-breakpoint
CREATE UNIQUE INDEX "processes_previous_key" ON "processes" USING btree ("previous_process_id");