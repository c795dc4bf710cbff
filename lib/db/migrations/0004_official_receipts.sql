CREATE TABLE "official_receipt_check" (
	"event_id" text PRIMARY KEY NOT NULL,
	"patent_id" text NOT NULL,
	"found_at" timestamp with time zone,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
