-- Money edges (docs/decisions/0038-money-edges.md).
-- orders.payment_state_before_chargeback: the order's payment state before its first open chargeback (a won
-- dispute restores it); payments.fee_amount: a chargeback's dispute fee; invoices.note: a document's frozen
-- statement (a trial's first charge, why it was reversed or re-issued); sellers.payment_account_done dropped: it is
-- derived from the configured providers on every read; payment_tickets, issued_certificates and
-- license_key_uses.revoked_reason: why each was revoked (refund | chargeback | upgrade), so a won dispute gives
-- back only what its chargeback took.
-- Documents for payments booked before this change (charges of 0, chargebacks, won disputes) are computed by
-- the invoices module, not SQL: find them with
--   select p.id, p.kind from payments p where p.state = 'successful'
--     and ((p.kind = 'charge' and p.amount = 0) or (p.kind in ('chargeback', 'chargeback_reversal') and p.amount > 0))
--     and not exists (select 1 from invoices i where i.payment_id = p.id)
--   order by p.completed_at, p.id;
-- and enqueue, in that order, `invoices.issue` { paymentId } for the charges and `invoices.issue-reversal`
-- { reversalPaymentId } for the others (both jobs are idempotent).
CREATE TABLE "job_once_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "license_key_uses" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "payment_tickets" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_state_before_chargeback" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "sellers" DROP COLUMN "payment_account_done";--> statement-breakpoint
-- Orders charged back before the column existed get the state their plan's data shows (canceled_at: canceled;
-- paused_at, cleared on resume: paused); the rest stay null and a won dispute reads paid or paying as before.
UPDATE "orders" SET "payment_state_before_chargeback" = CASE WHEN "canceled_at" IS NOT NULL THEN 'payment_canceled' WHEN "paused_at" IS NOT NULL THEN 'payment_paused' END WHERE "payment_state" = 'payment_chargebacked' AND "payment_state_before_chargeback" IS NULL;--> statement-breakpoint
-- Tickets, certificates and license keys revoked before revoked_reason existed get the reason their order's
-- state shows: the revoked items of an order charged back now are the chargeback's (a refunded order is
-- final, so nothing else revoked them), except a ticket an upgrade replaced (another ticket names it in
-- upgraded_from_id); those of a refunded order the refund's. Items a chargeback revoked on an order whose
-- dispute was won before this change stay revoked.
UPDATE "payment_tickets" t SET "revoked_reason" = CASE WHEN EXISTS (SELECT 1 FROM "payment_tickets" n WHERE n."upgraded_from_id" = t."id") THEN 'upgrade' WHEN o."payment_state" = 'payment_refunded' THEN 'refund' ELSE 'chargeback' END FROM "orders" o WHERE o."id" = t."order_id" AND t."state" IN ('refunded', 'invalidated') AND t."revoked_reason" IS NULL AND (o."payment_state" IN ('payment_refunded', 'payment_chargebacked') OR EXISTS (SELECT 1 FROM "payment_tickets" n WHERE n."upgraded_from_id" = t."id"));--> statement-breakpoint
UPDATE "issued_certificates" c SET "revoked_reason" = CASE WHEN o."payment_state" = 'payment_refunded' THEN 'refund' ELSE 'chargeback' END FROM "orders" o WHERE o."id" = c."order_id" AND c."state" = 'revoked' AND c."revoked_reason" IS NULL AND o."payment_state" IN ('payment_refunded', 'payment_chargebacked');--> statement-breakpoint
UPDATE "license_key_uses" u SET "revoked_reason" = CASE WHEN o."payment_state" = 'payment_refunded' THEN 'refund' ELSE 'chargeback' END FROM "license_keys" k JOIN "orders" o ON o."id" = k."order_id" WHERE k."id" = u."license_key_id" AND u."revoked_at" IS NOT NULL AND u."revoked_reason" IS NULL AND o."payment_state" IN ('payment_refunded', 'payment_chargebacked');
