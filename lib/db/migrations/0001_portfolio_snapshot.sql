CREATE TABLE "portfolio_patent" (
	"generation" integer NOT NULL,
	"id" text NOT NULL,
	"provider_id" text,
	"client_case_reference" text,
	"client_family_reference" text,
	"title" text,
	"office" text,
	"owner" text,
	"data" jsonb NOT NULL,
	CONSTRAINT "portfolio_patent_generation_id_pk" PRIMARY KEY("generation","id")
);
--> statement-breakpoint
CREATE TABLE "portfolio_snapshot" (
	"id" text PRIMARY KEY NOT NULL,
	"current_generation" integer,
	"refreshed_at" timestamp with time zone,
	"patent_count" integer,
	"refreshing_generation" integer,
	"refresh_started_at" timestamp with time zone,
	"refresh_pages_done" integer,
	"refresh_pages_total" integer,
	"last_error" text
);
