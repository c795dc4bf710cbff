CREATE TABLE "drop_saving" (
	"batch_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"spared_event_id" text NOT NULL,
	"patent_id" text NOT NULL,
	"due_date" text NOT NULL,
	"currency" text NOT NULL,
	"amount" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drop_saving_batch_id_spared_event_id_pk" PRIMARY KEY("batch_id","spared_event_id")
);
--> statement-breakpoint
ALTER TABLE "drop_saving" ADD CONSTRAINT "drop_saving_batch_id_instruction_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."instruction_batch"("id") ON DELETE cascade ON UPDATE no action;