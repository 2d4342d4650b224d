-- Strangers an owner blocked from their windscreen cards, each by one hash (the browser's cookie, the
-- client address, a proven phone) until a time; the primary key serves the lookup before each send.
CREATE TABLE "stranger_blocks" (
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "stranger_blocks_owner_id_kind_hash_pk" PRIMARY KEY("owner_id","kind","hash"),
	CONSTRAINT "stranger_blocks_kind_check" CHECK ("stranger_blocks"."kind" in ('cookie', 'address', 'phone'))
);
--> statement-breakpoint
ALTER TABLE "stranger_blocks" ADD CONSTRAINT "stranger_blocks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
