DROP INDEX "renewal_budget_scope_idx";--> statement-breakpoint
DROP INDEX "standing_instruction_target_idx";--> statement-breakpoint
ALTER TABLE "forecast_event" ADD COLUMN "connection" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "forecast_run" ADD COLUMN "connection" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "instruction_batch" ADD COLUMN "connection" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "connection" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "reconciliation_mark" ADD COLUMN "connection" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "renewal_budget" ADD COLUMN "connection" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "standing_instruction" ADD COLUMN "connection" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "upstream_change" ADD COLUMN "connection" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_budget_scope_idx" ON "renewal_budget" USING btree ("connection","year","currency","office","family");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_instruction_target_idx" ON "standing_instruction" USING btree ("connection","scope","target");