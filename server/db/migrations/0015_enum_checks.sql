-- The enum-like text columns accept only the values common/ defines (schema.ts builds the same lists).
ALTER TABLE "users" ADD CONSTRAINT "users_gender_check" CHECK ("users"."gender" in ('Male', 'Female', 'Other'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_district_check" CHECK ("users"."district" in ('Kasaragod', 'Kannur', 'Wayanad', 'Kozhikode', 'Malappuram', 'Palakkad', 'Thrissur', 'Ernakulam', 'Idukki', 'Kottayam', 'Alappuzha', 'Pathanamthitta', 'Kollam', 'Thiruvananthapuram'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'ml'));--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_vehicle_type_check" CHECK ("vehicles"."vehicle_type" in ('Four', 'Three', 'Two', 'Heavy'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('message', 'notification', 'call', 'system'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_template_key_check" CHECK ("notifications"."template_key" in ('blocking', 'obstruction', 'moveSoon', 'attention', 'relocate'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reply_kind_check" CHECK ("notifications"."reply_kind" in ('coming_now', 'five_minutes', 'fifteen_minutes', 'cannot_come', 'not_my_vehicle'));
