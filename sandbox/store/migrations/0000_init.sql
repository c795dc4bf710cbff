CREATE TABLE "sandbox_api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"key_hint" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"daily_limit" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_freezes" (
	"tenant_id" uuid NOT NULL,
	"year_month" text NOT NULL,
	"rates" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_freezes_tenant_id_year_month_pk" PRIMARY KEY("tenant_id","year_month")
);
--> statement-breakpoint
CREATE TABLE "sandbox_instructions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"executed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"patent_id" uuid NOT NULL,
	"provider_id" text,
	"currency" text NOT NULL,
	"components" jsonb NOT NULL,
	"total" text NOT NULL,
	"is_fx_rate_frozen" boolean NOT NULL,
	CONSTRAINT "sandbox_invoice_lines_invoice_id_position_pk" PRIMARY KEY("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "sandbox_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"receipt_id" uuid,
	"reference" text NOT NULL,
	"number" text,
	"issue_date" date NOT NULL,
	"origin" text NOT NULL,
	"currency" text NOT NULL,
	"vat_rate" double precision NOT NULL,
	"vat_number" text,
	"subtotal_excluding_tax" text NOT NULL,
	"total_including_tax" text NOT NULL,
	"has_pdf_document" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_progress_moves" (
	"sequence" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_progress_moves_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"official_receipt_number" text,
	"official_receipt_recorded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"reference" text NOT NULL,
	"issue_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tenants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"invoice_currency_by_office" jsonb NOT NULL,
	"seed" integer NOT NULL,
	"patent_count" integer NOT NULL,
	"anchor_date" date NOT NULL,
	"freeze_enabled" boolean NOT NULL,
	"freeze_horizon_months" integer NOT NULL,
	"vat_rate" double precision NOT NULL,
	"vat_number" text,
	"generator_version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_tenants_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "sandbox_api_keys" ADD CONSTRAINT "sandbox_api_keys_tenant_id_sandbox_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sandbox_tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_freezes" ADD CONSTRAINT "sandbox_freezes_tenant_id_sandbox_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sandbox_tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_instructions" ADD CONSTRAINT "sandbox_instructions_tenant_id_sandbox_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sandbox_tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_instructions" ADD CONSTRAINT "sandbox_instructions_receipt_id_sandbox_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."sandbox_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_invoice_lines" ADD CONSTRAINT "sandbox_invoice_lines_invoice_id_sandbox_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sandbox_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD CONSTRAINT "sandbox_invoices_tenant_id_sandbox_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sandbox_tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD CONSTRAINT "sandbox_invoices_receipt_id_sandbox_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."sandbox_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_progress_moves" ADD CONSTRAINT "sandbox_progress_moves_tenant_id_sandbox_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sandbox_tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_receipts" ADD CONSTRAINT "sandbox_receipts_tenant_id_sandbox_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sandbox_tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_api_keys_hash" ON "sandbox_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_instructions_event" ON "sandbox_instructions" USING btree ("tenant_id","event_id");--> statement-breakpoint
CREATE INDEX "sandbox_invoices_tenant" ON "sandbox_invoices" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "sandbox_progress_moves_tenant" ON "sandbox_progress_moves" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_receipts_number" ON "sandbox_receipts" USING btree ("tenant_id","number");