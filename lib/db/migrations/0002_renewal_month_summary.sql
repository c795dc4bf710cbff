CREATE TABLE "renewal_month_summary" (
	"month" text PRIMARY KEY NOT NULL,
	"event_count" integer NOT NULL,
	"open_count" integer NOT NULL,
	"observed_at" timestamp with time zone DEFAULT now() NOT NULL
);
