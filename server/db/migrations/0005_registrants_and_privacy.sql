CREATE TABLE "rc_verification_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"vehicle_number" varchar(10) NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_vehicle_number_unique";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "phone_visible" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "verification_id" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "household" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rc_verification_attempts" ADD CONSTRAINT "rc_verification_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_changes" ADD CONSTRAINT "vehicle_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rc_verification_attempts_user_number_idx" ON "rc_verification_attempts" USING btree ("user_id","vehicle_number","attempted_at");--> statement-breakpoint
CREATE INDEX "vehicle_changes_user_changed_idx" ON "vehicle_changes" USING btree ("user_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_owner_number_unique" ON "vehicles" USING btree ("owner_id","vehicle_number");--> statement-breakpoint
CREATE INDEX "vehicles_number_idx" ON "vehicles" USING btree ("vehicle_number");