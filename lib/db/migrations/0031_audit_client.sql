ALTER TABLE "audit_log" ADD COLUMN "connection" text;--> statement-breakpoint
CREATE INDEX "audit_log_connection_idx" ON "audit_log" USING btree ("connection");