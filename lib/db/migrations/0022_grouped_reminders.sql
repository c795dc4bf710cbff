CREATE TABLE "chat_channel" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"url_ciphertext" text NOT NULL,
	"url_host" text NOT NULL,
	"classes" jsonb NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_post" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"subject_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sending_since" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminder_told" (
	"audience" text NOT NULL,
	"rule" text NOT NULL,
	"subject_key" text NOT NULL,
	"message_key" text NOT NULL,
	"told_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_told_audience_rule_subject_key_pk" PRIMARY KEY("audience","rule","subject_key")
);
--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "chat_post" ADD CONSTRAINT "chat_post_channel_id_chat_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."chat_channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_post_once_idx" ON "chat_post" USING btree ("channel_id","rule","subject_key");--> statement-breakpoint
CREATE INDEX "reminder_told_subject_idx" ON "reminder_told" USING btree ("subject_key");--> statement-breakpoint
CREATE INDEX "reminder_told_at_idx" ON "reminder_told" USING btree ("told_at");