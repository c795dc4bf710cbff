ALTER TABLE "portfolio_snapshot" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Any statement that adds or removes rows of the current generation bumps the revision, whoever
-- runs it (another instance, a script, a test): readers compare it with the copy they hold.
CREATE FUNCTION "portfolio_patent_bump_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "portfolio_snapshot" SET "revision" = "revision" + 1
  WHERE "current_generation" IN (SELECT "generation" FROM "changed_patents");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "portfolio_patent_inserted" AFTER INSERT ON "portfolio_patent"
  REFERENCING NEW TABLE AS "changed_patents"
  FOR EACH STATEMENT EXECUTE FUNCTION "portfolio_patent_bump_revision"();
--> statement-breakpoint
CREATE TRIGGER "portfolio_patent_deleted" AFTER DELETE ON "portfolio_patent"
  REFERENCING OLD TABLE AS "changed_patents"
  FOR EACH STATEMENT EXECUTE FUNCTION "portfolio_patent_bump_revision"();
