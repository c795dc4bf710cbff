CREATE TABLE "review_hold" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection" text NOT NULL,
	"event_id" text NOT NULL,
	"patent_id" text NOT NULL,
	"due_date" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"review_by" text NOT NULL,
	"asked_decision" text NOT NULL,
	"note" text,
	"created_by_user_id" text,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_how" text,
	"ended_by_email" text,
	"overdue_told_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "review_hold" ADD CONSTRAINT "review_hold_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_hold_open_idx" ON "review_hold" USING btree ("connection","event_id") WHERE "review_hold"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "review_hold_owner_idx" ON "review_hold" USING btree ("owner_user_id","ended_at");