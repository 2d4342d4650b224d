CREATE TABLE "waiting_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"vehicle_number" varchar(10) NOT NULL,
	"template_key" text,
	"text" text,
	"slip_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "waiting_notes_template_key_check" CHECK ("waiting_notes"."template_key" in ('blocking', 'obstruction', 'moveSoon', 'attention', 'relocate')),
	CONSTRAINT "waiting_notes_text_check" CHECK (("waiting_notes"."template_key" is null) <> ("waiting_notes"."text" is null))
);
--> statement-breakpoint
ALTER TABLE "waiting_notes" ADD CONSTRAINT "waiting_notes_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_notes_number_idx" ON "waiting_notes" USING btree ("vehicle_number","expires_at") WHERE "waiting_notes"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "waiting_notes_sender_created_idx" ON "waiting_notes" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "waiting_notes_expires_idx" ON "waiting_notes" USING btree ("expires_at");
