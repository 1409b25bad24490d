CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"period" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"summary" text,
	CONSTRAINT "job_runs_name_period_pk" PRIMARY KEY("name","period")
);
