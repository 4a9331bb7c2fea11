-- Disputes: the order's payment_state before its first open chargeback (a won dispute restores it) and a
-- chargeback's dispute fee. Hand-written backfill (carry it over when migrations are regenerated): orders
-- charged back before this column existed get the state their plan's data shows (canceled_at: canceled;
-- paused_at, cleared on resume: paused); the rest stay null and a won dispute reads paid or paying as before.
ALTER TABLE "orders" ADD COLUMN "payment_state_before_chargeback" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "payment_state_before_chargeback" = CASE WHEN "canceled_at" IS NOT NULL THEN 'payment_canceled' WHEN "paused_at" IS NOT NULL THEN 'payment_paused' END WHERE "payment_state" = 'payment_chargebacked' AND "payment_state_before_chargeback" IS NULL;
