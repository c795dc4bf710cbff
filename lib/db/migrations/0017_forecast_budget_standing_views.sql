CREATE TABLE "forecast_event" (
	"event_id" text PRIMARY KEY NOT NULL,
	"patent_id" text NOT NULL,
	"due_date" text NOT NULL,
	"month" text NOT NULL,
	"annuity_year" integer,
	"office" text,
	"owner" text,
	"family" text,
	"case_reference" text,
	"currency" text,
	"total" text,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied_decision" text,
	"is_fx_rate_frozen" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecast_run" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"window_from" text NOT NULL,
	"window_to" text NOT NULL,
	"status" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"detail" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "renewal_budget" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"currency" text NOT NULL,
	"office" text DEFAULT '' NOT NULL,
	"family" text DEFAULT '' NOT NULL,
	"amount" text NOT NULL,
	"months" jsonb,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text
);
--> statement-breakpoint
CREATE TABLE "saved_view" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"page" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standing_instruction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"target" text NOT NULL,
	"instruction" text NOT NULL,
	"reason" text,
	"set_by_user_id" text,
	"set_by_email" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instruction_batch_item" ADD COLUMN "payment_sequence_number" integer;--> statement-breakpoint
ALTER TABLE "saved_view" ADD CONSTRAINT "saved_view_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_instruction" ADD CONSTRAINT "standing_instruction_set_by_user_id_user_id_fk" FOREIGN KEY ("set_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forecast_event_month_idx" ON "forecast_event" USING btree ("month");--> statement-breakpoint
CREATE INDEX "forecast_event_patent_idx" ON "forecast_event" USING btree ("patent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_budget_scope_idx" ON "renewal_budget" USING btree ("year","currency","office","family");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_view_name_idx" ON "saved_view" USING btree ("owner_id","page","name");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_instruction_target_idx" ON "standing_instruction" USING btree ("scope","target");