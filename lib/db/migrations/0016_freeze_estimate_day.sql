CREATE TABLE "freeze_estimate_day" (
	"month" text NOT NULL,
	"day" text NOT NULL,
	"currency" text NOT NULL,
	"total" text NOT NULL,
	"events" integer NOT NULL,
	"missing" integer DEFAULT 0 NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freeze_estimate_day_month_day_currency_pk" PRIMARY KEY("month","day","currency")
);
