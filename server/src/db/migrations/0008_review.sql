CREATE TABLE "inspection_photos" (
	"inspection_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_photos_inspection_id_index_pk" PRIMARY KEY("inspection_id","index")
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"process_instance_id" uuid NOT NULL,
	"visited_on" date NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"summary" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pendencies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"process_instance_id" uuid NOT NULL,
	"form_instance_id" uuid NOT NULL,
	"field_instance_id" uuid,
	"description" text NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pendency_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pendency_id" uuid NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "process_instances" ADD COLUMN "recommendation_outcome" text;--> statement-breakpoint
ALTER TABLE "process_instances" ADD COLUMN "recommendation_justification" text;--> statement-breakpoint
ALTER TABLE "process_instances" ADD COLUMN "recommended_by" uuid;--> statement-breakpoint
ALTER TABLE "process_instances" ADD COLUMN "recommended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "processes" ADD COLUMN "levels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "processes" ADD COLUMN "committee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_process_instance_id_process_instances_id_fk" FOREIGN KEY ("process_instance_id") REFERENCES "public"."process_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendencies" ADD CONSTRAINT "pendencies_process_instance_id_process_instances_id_fk" FOREIGN KEY ("process_instance_id") REFERENCES "public"."process_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendencies" ADD CONSTRAINT "pendencies_form_instance_id_form_instances_id_fk" FOREIGN KEY ("form_instance_id") REFERENCES "public"."form_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendencies" ADD CONSTRAINT "pendencies_field_instance_id_field_instances_id_fk" FOREIGN KEY ("field_instance_id") REFERENCES "public"."field_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendencies" ADD CONSTRAINT "pendencies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendency_events" ADD CONSTRAINT "pendency_events_pendency_id_pendencies_id_fk" FOREIGN KEY ("pendency_id") REFERENCES "public"."pendencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pendency_events" ADD CONSTRAINT "pendency_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspections_instance_idx" ON "inspections" USING btree ("process_instance_id","created_at");--> statement-breakpoint
CREATE INDEX "inspections_created_by_idx" ON "inspections" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "pendencies_instance_idx" ON "pendencies" USING btree ("process_instance_id","created_at");--> statement-breakpoint
CREATE INDEX "pendencies_form_instance_idx" ON "pendencies" USING btree ("form_instance_id");--> statement-breakpoint
CREATE INDEX "pendencies_field_instance_idx" ON "pendencies" USING btree ("field_instance_id");--> statement-breakpoint
CREATE INDEX "pendencies_created_by_idx" ON "pendencies" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "pendencies_waiting_idx" ON "pendencies" USING btree ("status","created_at") WHERE "pendencies"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "pendency_events_pendency_idx" ON "pendency_events" USING btree ("pendency_id","created_at");--> statement-breakpoint
CREATE INDEX "pendency_events_actor_idx" ON "pendency_events" USING btree ("actor_id");--> statement-breakpoint
ALTER TABLE "process_instances" ADD CONSTRAINT "process_instances_recommended_by_users_id_fk" FOREIGN KEY ("recommended_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "process_instances_recommended_by_idx" ON "process_instances" USING btree ("recommended_by");