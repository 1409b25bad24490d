CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "auth_failures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"process_instance_id" uuid NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"issued_by" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"process_instance_id" uuid NOT NULL,
	"actor_id" uuid,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_children" (
	"parent_field_id" uuid NOT NULL,
	"child_field_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "field_children_parent_field_id_child_field_id_pk" PRIMARY KEY("parent_field_id","child_field_id")
);
--> statement-breakpoint
CREATE TABLE "field_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"form_instance_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"parent_field_instance_id" uuid,
	"row_id" uuid,
	"content" text,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"producer_read_only" boolean DEFAULT false NOT NULL,
	"proof" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_fields" (
	"form_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_fields_form_id_field_id_pk" PRIMARY KEY("form_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "form_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"process_instance_id" uuid NOT NULL,
	"form_id" uuid,
	"name" text NOT NULL,
	"deadline" date,
	"obligatory" boolean DEFAULT false NOT NULL,
	"sign" boolean DEFAULT false NOT NULL,
	"commited" boolean DEFAULT false NOT NULL,
	"commited_at" timestamp with time zone,
	"signed_by" uuid,
	"signed_at" timestamp with time zone,
	"signature_hash" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"process_id" uuid NOT NULL,
	"name" text NOT NULL,
	"deadline" date NOT NULL,
	"obligatory" boolean DEFAULT false NOT NULL,
	"sign" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_fields" (
	"process_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "process_fields_process_id_field_id_pk" PRIMARY KEY("process_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "process_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"process_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"requested_by" uuid,
	"technician_id" uuid,
	"parent_instance_id" uuid,
	"rejected" boolean DEFAULT false NOT NULL,
	"initiated" boolean DEFAULT false NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"approved" boolean,
	"finish_note" text,
	"evaluated_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"notice" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"validity_start" date NOT NULL,
	"validity_end" date NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"notice_file_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proofs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"field_instance_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"business_name" text NOT NULL,
	"business_type" text NOT NULL,
	"cnpj" text NOT NULL,
	"municipality" text NOT NULL,
	"irga" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"car_n" text NOT NULL,
	"farming_lo_number" text NOT NULL,
	"farming_lo_validity" date NOT NULL,
	"drying_and_stock_lo_number" text NOT NULL,
	"drying_and_stock_lo_validity" date NOT NULL,
	"place" text NOT NULL,
	"responsible_name" text NOT NULL,
	"responsible_technician_name" text,
	"responsible_technician_phone" text,
	"responsible_technician_crea" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stamps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"process_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_key" text,
	"image_mime" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"cpf" text NOT NULL,
	"phone" text NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"crea" text,
	"password_hash" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"pending" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_process_instance_id_process_instances_id_fk" FOREIGN KEY ("process_instance_id") REFERENCES "public"."process_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_process_instance_id_process_instances_id_fk" FOREIGN KEY ("process_instance_id") REFERENCES "public"."process_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_children" ADD CONSTRAINT "field_children_parent_field_id_fields_id_fk" FOREIGN KEY ("parent_field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_children" ADD CONSTRAINT "field_children_child_field_id_fields_id_fk" FOREIGN KEY ("child_field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_instances" ADD CONSTRAINT "field_instances_form_instance_id_form_instances_id_fk" FOREIGN KEY ("form_instance_id") REFERENCES "public"."form_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_instances" ADD CONSTRAINT "field_instances_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_instances" ADD CONSTRAINT "field_instances_parent_field_instance_id_field_instances_id_fk" FOREIGN KEY ("parent_field_instance_id") REFERENCES "public"."field_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_instances" ADD CONSTRAINT "field_instances_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_fields" ADD CONSTRAINT "form_fields_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_process_instance_id_process_instances_id_fk" FOREIGN KEY ("process_instance_id") REFERENCES "public"."process_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_fields" ADD CONSTRAINT "process_fields_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_fields" ADD CONSTRAINT "process_fields_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_instances" ADD CONSTRAINT "process_instances_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_instances" ADD CONSTRAINT "process_instances_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_instances" ADD CONSTRAINT "process_instances_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_instances" ADD CONSTRAINT "process_instances_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_instances" ADD CONSTRAINT "process_instances_parent_instance_id_process_instances_id_fk" FOREIGN KEY ("parent_instance_id") REFERENCES "public"."process_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_field_instance_id_field_instances_id_fk" FOREIGN KEY ("field_instance_id") REFERENCES "public"."field_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_failures_lookup_idx" ON "auth_failures" USING btree ("kind","account_key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_key" ON "certificates" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_instance_key" ON "certificates" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "certificates_issued_by_idx" ON "certificates" USING btree ("issued_by");--> statement-breakpoint
CREATE INDEX "events_instance_idx" ON "events" USING btree ("process_instance_id","created_at");--> statement-breakpoint
CREATE INDEX "events_actor_idx" ON "events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "field_children_child_idx" ON "field_children" USING btree ("child_field_id");--> statement-breakpoint
CREATE INDEX "field_instances_form_instance_idx" ON "field_instances" USING btree ("form_instance_id");--> statement-breakpoint
CREATE INDEX "field_instances_field_idx" ON "field_instances" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "field_instances_parent_idx" ON "field_instances" USING btree ("parent_field_instance_id");--> statement-breakpoint
CREATE INDEX "field_instances_row_idx" ON "field_instances" USING btree ("row_id");--> statement-breakpoint
CREATE INDEX "field_instances_updated_by_idx" ON "field_instances" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "fields_search_idx" ON "fields" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_fields_field_idx" ON "form_fields" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "form_instances_instance_idx" ON "form_instances" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "form_instances_form_idx" ON "form_instances" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "form_instances_signed_by_idx" ON "form_instances" USING btree ("signed_by");--> statement-breakpoint
CREATE INDEX "forms_process_idx" ON "forms" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "process_fields_field_idx" ON "process_fields" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "process_instances_process_idx" ON "process_instances" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "process_instances_property_idx" ON "process_instances" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "process_instances_requested_by_idx" ON "process_instances" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "process_instances_technician_idx" ON "process_instances" USING btree ("technician_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_instances_parent_key" ON "process_instances" USING btree ("parent_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_instances_open_key" ON "process_instances" USING btree ("process_id","property_id") WHERE not "process_instances"."rejected" and not "process_instances"."finished";--> statement-breakpoint
CREATE INDEX "processes_created_by_idx" ON "processes" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "processes_released_idx" ON "processes" USING btree ("released");--> statement-breakpoint
CREATE UNIQUE INDEX "proofs_field_instance_key" ON "proofs" USING btree ("field_instance_id");--> statement-breakpoint
CREATE INDEX "proofs_uploaded_by_idx" ON "proofs" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "properties_owner_idx" ON "properties" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "properties_cnpj_idx" ON "properties" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "stamps_process_key" ON "stamps" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "stamps_search_idx" ON "stamps" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "verification_codes_user_idx" ON "verification_codes" USING btree ("user_id");