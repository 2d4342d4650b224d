-- When a registration last gave up each number (renumbered away or deleted). Without an RC provider a
-- waiting note goes only to a registration that has held its number alone for WAITING_NOTE_HOLD_HOURS:
-- a registration of the number that came and went within that time restarts it. Since when a
-- registration has held its number is its last renumbering, else its creation (no column needed).
CREATE TABLE "vehicle_number_releases" (
	"vehicle_number" varchar(10) PRIMARY KEY NOT NULL,
	"released_at" timestamp with time zone NOT NULL
);
