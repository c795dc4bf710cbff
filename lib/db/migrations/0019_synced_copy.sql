CREATE TABLE "sync_event" (
	"connection" text NOT NULL,
	"event_id" text NOT NULL,
	"patent_id" text NOT NULL,
	"due_date" text NOT NULL,
	"month" text NOT NULL,
	"position" integer NOT NULL,
	"body" text NOT NULL,
	"walk" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sync_event_connection_event_id_pk" PRIMARY KEY("connection","event_id")
);
--> statement-breakpoint
CREATE TABLE "sync_health" (
	"connection" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "sync_patent_events" (
	"connection" text NOT NULL,
	"patent_id" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sync_patent_events_connection_patent_id_pk" PRIMARY KEY("connection","patent_id")
);
--> statement-breakpoint
CREATE TABLE "sync_refresh_use" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sync_refresh_use_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "sync_window" (
	"connection" text NOT NULL,
	"month" text NOT NULL,
	"synced_at" timestamp with time zone,
	"attempted_at" timestamp with time zone NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "sync_window_connection_month_pk" PRIMARY KEY("connection","month")
);
--> statement-breakpoint
CREATE INDEX "sync_event_due_idx" ON "sync_event" USING btree ("connection","due_date","position");--> statement-breakpoint
CREATE INDEX "sync_event_month_idx" ON "sync_event" USING btree ("connection","month","walk");--> statement-breakpoint
CREATE INDEX "sync_event_patent_idx" ON "sync_event" USING btree ("connection","patent_id");