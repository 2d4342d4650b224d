-- Wiper slips: printed ahead, attached once to a note for a plate, read and answered without an account.
CREATE TABLE "slips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(10) NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"attached_at" timestamp with time zone,
	"vehicle_number" varchar(10),
	"template_key" text,
	"text" text,
	"reply_kind" text,
	"replied_at" timestamp with time zone,
	CONSTRAINT "slips_code_unique" UNIQUE("code"),
	CONSTRAINT "slips_template_key_check" CHECK ("slips"."template_key" in ('blocking', 'obstruction', 'moveSoon', 'attention', 'relocate')),
	CONSTRAINT "slips_reply_kind_check" CHECK ("slips"."reply_kind" in ('coming_now', 'five_minutes', 'fifteen_minutes', 'cannot_come', 'not_my_vehicle'))
);
--> statement-breakpoint
ALTER TABLE "slips" ADD CONSTRAINT "slips_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slips_owner_attached_idx" ON "slips" USING btree ("owner_id","attached_at");
