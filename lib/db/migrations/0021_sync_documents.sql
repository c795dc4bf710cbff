CREATE TABLE "sync_document" (
	"connection" text NOT NULL,
	"key" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sync_document_connection_key_pk" PRIMARY KEY("connection","key")
);
