CREATE TABLE "client_connection" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_email" text,
	"retired_at" timestamp with time zone,
	"retired_by_email" text,
	CONSTRAINT "client_connection_name_unique" UNIQUE("name")
);
--> statement-breakpoint
-- The connection of ANNUITY_API_KEY and of every row stored before there were several clients.
INSERT INTO "client_connection" ("id", "name") VALUES ('default', 'Default client') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TABLE "user_client_grant" (
	"user_id" text NOT NULL,
	"connection" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by_email" text,
	CONSTRAINT "user_client_grant_user_id_connection_pk" PRIMARY KEY("user_id","connection")
);
--> statement-breakpoint
ALTER TABLE "upstream_api_key" ADD COLUMN "connection" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "all_clients" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_client_grant" ADD CONSTRAINT "user_client_grant_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_client_grant" ADD CONSTRAINT "user_client_grant_connection_client_connection_id_fk" FOREIGN KEY ("connection") REFERENCES "public"."client_connection"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_api_key" ADD CONSTRAINT "upstream_api_key_connection_client_connection_id_fk" FOREIGN KEY ("connection") REFERENCES "public"."client_connection"("id") ON DELETE no action ON UPDATE no action;