CREATE TABLE "reconciliation_mark" (
	"invoice_id" text NOT NULL,
	"line_key" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"marked_by_user_id" text,
	"marked_by_email" text,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_mark_invoice_id_line_key_pk" PRIMARY KEY("invoice_id","line_key")
);
