ALTER TABLE "freeze_estimate_day" ADD COLUMN "connection" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "freeze_estimate_day" DROP CONSTRAINT "freeze_estimate_day_month_day_currency_pk";--> statement-breakpoint
ALTER TABLE "freeze_estimate_day" ADD CONSTRAINT "freeze_estimate_day_connection_month_day_currency_pk" PRIMARY KEY("connection","month","day","currency");
