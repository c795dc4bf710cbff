CREATE TABLE "today_visit" (
	"user_id" text PRIMARY KEY NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"previous_visit_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "renewal_month_summary" ADD COLUMN "earliest_deadline" text;--> statement-breakpoint
ALTER TABLE "renewal_month_summary" ADD COLUMN "deadline_day" text;--> statement-breakpoint
ALTER TABLE "today_visit" ADD CONSTRAINT "today_visit_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;