CREATE TABLE "rc_records" (
	"vehicle_number" varchar(10) PRIMARY KEY NOT NULL,
	"looked_up_at" timestamp with time zone NOT NULL,
	"found" boolean,
	"active" boolean DEFAULT false NOT NULL,
	"chassis_last5" text DEFAULT '' NOT NULL,
	"engine_last5" text DEFAULT '' NOT NULL,
	"mobile" text,
	"verification_id" text
);
--> statement-breakpoint
CREATE INDEX "rc_records_looked_up_idx" ON "rc_records" USING btree ("looked_up_at");--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "mobile_matched" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "proof_expired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "number_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "rc_check_started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rc_verification_attempts_user_attempted_idx" ON "rc_verification_attempts" USING btree ("user_id","attempted_at");
