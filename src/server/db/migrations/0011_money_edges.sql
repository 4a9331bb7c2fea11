-- Money edges (docs/decisions/0038-money-edges.md).
-- orders.payment_state_before_chargeback: the order's payment state before its first open chargeback (a won
-- dispute restores it); payments.fee_amount: a chargeback's dispute fee; invoices.note: a document's frozen
-- statement (a trial's first charge, why it was reversed or re-issued); sellers.payment_account_done dropped: it is
-- derived from the configured providers on every read.
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
ALTER TABLE "orders" ADD COLUMN "payment_state_before_chargeback" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "sellers" DROP COLUMN "payment_account_done";--> statement-breakpoint
-- Orders charged back before the column existed get the state their plan's data shows (canceled_at: canceled;
-- paused_at, cleared on resume: paused); the rest stay null and a won dispute reads paid or paying as before.
UPDATE "orders" SET "payment_state_before_chargeback" = CASE WHEN "canceled_at" IS NOT NULL THEN 'payment_canceled' WHEN "paused_at" IS NOT NULL THEN 'payment_paused' END WHERE "payment_state" = 'payment_chargebacked' AND "payment_state_before_chargeback" IS NULL;
