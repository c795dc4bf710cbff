CREATE TABLE "invoice_catalog" (
	"connection" text PRIMARY KEY NOT NULL,
	"invoices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"calls" integer DEFAULT 0 NOT NULL,
	"reading_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "official_receipt_check" ADD COLUMN "failure" text;