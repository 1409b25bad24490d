ALTER TABLE "field_instances" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_instances" ADD COLUMN "commited_by" uuid;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "form_instances" ADD CONSTRAINT "form_instances_commited_by_users_id_fk" FOREIGN KEY ("commited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_instances_commited_by_idx" ON "form_instances" USING btree ("commited_by");