CREATE TABLE "keep_score_policy" (
	"id" text PRIMARY KEY NOT NULL,
	"weights" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text
);
--> statement-breakpoint
CREATE TABLE "patent_note" (
	"scope" text NOT NULL,
	"target" text NOT NULL,
	"note" text NOT NULL,
	"updated_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patent_note_scope_target_pk" PRIMARY KEY("scope","target")
);
--> statement-breakpoint
CREATE TABLE "patent_tag" (
	"scope" text NOT NULL,
	"target" text NOT NULL,
	"tag" text NOT NULL,
	"set_by_email" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patent_tag_scope_target_tag_pk" PRIMARY KEY("scope","target","tag")
);
--> statement-breakpoint
CREATE INDEX "patent_tag_tag_idx" ON "patent_tag" USING btree ("tag");