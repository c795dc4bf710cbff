CREATE TABLE "decision_draft" (
	"user_id" text PRIMARY KEY NOT NULL,
	"batch_key" uuid NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instruction_batch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"state" text NOT NULL,
	"created_by_user_id" text,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"event_count" integer NOT NULL,
	"receipt_number" integer,
	"receipt_reference" text,
	"receipt_issue_date" text,
	"receipt" jsonb,
	"problem" jsonb,
	"request_id" text,
	"upstream_request_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "instruction_batch_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "instruction_batch_item" (
	"batch_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"event_id" text NOT NULL,
	"patent_id" text NOT NULL,
	"decision" text NOT NULL,
	"case_reference" text,
	"provider_id" text,
	"office" text,
	"due_date" text,
	"annuity_year" integer,
	"estimate_amount" text,
	"estimate_currency" text,
	"estimate_fx_frozen" boolean,
	"outcome" text NOT NULL,
	"instruction_id" text,
	"executed_at" text,
	"problem_code" text,
	CONSTRAINT "instruction_batch_item_batch_id_event_id_pk" PRIMARY KEY("batch_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "decision_draft" ADD CONSTRAINT "decision_draft_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruction_batch_item" ADD CONSTRAINT "instruction_batch_item_batch_id_instruction_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."instruction_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instruction_batch_created_at_idx" ON "instruction_batch" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "instruction_batch_state_idx" ON "instruction_batch" USING btree ("state");--> statement-breakpoint
CREATE INDEX "instruction_batch_item_event_idx" ON "instruction_batch_item" USING btree ("event_id");