CREATE TABLE "sso_setting" (
	"id" text PRIMARY KEY NOT NULL,
	"default_role" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text
);
--> statement-breakpoint
CREATE TABLE "upstream_api_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"fingerprint" text NOT NULL,
	"ciphertext" text,
	"last4" text NOT NULL,
	"label" text,
	"expires_at" timestamp with time zone,
	"expired_seen_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"scopes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_email" text,
	"activated_at" timestamp with time zone,
	CONSTRAINT "upstream_api_key_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
CREATE TABLE "upstream_key_state" (
	"id" text PRIMARY KEY NOT NULL,
	"active_key_id" uuid,
	"revision" integer DEFAULT 0 NOT NULL,
	"switched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "upstream_key_state" ADD CONSTRAINT "upstream_key_state_active_key_id_upstream_api_key_id_fk" FOREIGN KEY ("active_key_id") REFERENCES "public"."upstream_api_key"("id") ON DELETE restrict ON UPDATE no action;