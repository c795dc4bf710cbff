CREATE TABLE "approval_policy" (
	"id" text PRIMARY KEY NOT NULL,
	"drop_requires_approval" boolean DEFAULT true NOT NULL,
	"proceed_above" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"batch_above" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text
);
--> statement-breakpoint
ALTER TABLE "instruction_batch" ADD COLUMN "approval_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "instruction_batch" ADD COLUMN "decided_by_user_id" text;--> statement-breakpoint
ALTER TABLE "instruction_batch" ADD COLUMN "decided_by_email" text;--> statement-breakpoint
ALTER TABLE "instruction_batch" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instruction_batch" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "instruction_batch_item" ADD COLUMN "rationale" text;