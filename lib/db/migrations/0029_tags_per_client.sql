ALTER TABLE "patent_note" ADD COLUMN "connection" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "patent_tag" ADD COLUMN "connection" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
-- A patent's tags and note belong to the client whose portfolio holds the patent (patent ids are
-- the service's UUIDs); a family's stay the first client's, whose they were before.
UPDATE "patent_tag" SET "connection" = s."id" FROM "portfolio_patent" p JOIN "portfolio_snapshot" s ON s."current_generation" = p."generation" WHERE "patent_tag"."scope" = 'patent' AND "patent_tag"."target" = p."id";--> statement-breakpoint
UPDATE "patent_note" SET "connection" = s."id" FROM "portfolio_patent" p JOIN "portfolio_snapshot" s ON s."current_generation" = p."generation" WHERE "patent_note"."scope" = 'patent' AND "patent_note"."target" = p."id";--> statement-breakpoint
ALTER TABLE "patent_note" DROP CONSTRAINT "patent_note_scope_target_pk";--> statement-breakpoint
ALTER TABLE "patent_tag" DROP CONSTRAINT "patent_tag_scope_target_tag_pk";--> statement-breakpoint
ALTER TABLE "patent_note" ADD CONSTRAINT "patent_note_connection_scope_target_pk" PRIMARY KEY("connection","scope","target");--> statement-breakpoint
ALTER TABLE "patent_tag" ADD CONSTRAINT "patent_tag_connection_scope_target_tag_pk" PRIMARY KEY("connection","scope","target","tag");
