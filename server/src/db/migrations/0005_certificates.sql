CREATE TABLE "form_instance_reminders" (
	"form_instance_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_instance_reminders_form_instance_id_kind_pk" PRIMARY KEY("form_instance_id","kind")
);
--> statement-breakpoint
ALTER TABLE "form_instance_reminders" ADD CONSTRAINT "form_instance_reminders_form_instance_id_form_instances_id_fk" FOREIGN KEY ("form_instance_id") REFERENCES "public"."form_instances"("id") ON DELETE cascade ON UPDATE no action;