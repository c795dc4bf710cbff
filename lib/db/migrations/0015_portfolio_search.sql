-- The portfolio search: trigram indexes on the snapshot's search keys. pg_trgm ships with
-- PostgreSQL (a trusted extension since 13, so the database owner may create it) and with PGlite,
-- which loads it in lib/db/open.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "portfolio_patent" ADD COLUMN "search_numbers" text;--> statement-breakpoint
ALTER TABLE "portfolio_patent" ADD COLUMN "search_words" text;--> statement-breakpoint
CREATE INDEX "portfolio_patent_search_numbers_idx" ON "portfolio_patent" USING gin ("search_numbers" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "portfolio_patent_search_words_idx" ON "portfolio_patent" USING gin ("search_words" gin_trgm_ops);