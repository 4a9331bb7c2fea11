-- invoices.note: the document's frozen statement (a trial's first charge, why it was reversed or re-issued).
-- No data backfill in SQL (a document's content is computed by the invoices module). Payments booked before
-- this change that now need a document and have none are found by
--   select p.id, p.kind from payments p where p.state = 'successful'
--     and ((p.kind = 'charge' and p.amount = 0) or (p.kind in ('chargeback', 'chargeback_reversal') and p.amount > 0))
--     and not exists (select 1 from invoices i where i.payment_id = p.id)
--   order by p.completed_at, p.id;
-- and issued by enqueuing, in that order, `invoices.issue` { paymentId } for the charges and
-- `invoices.issue-reversal` { reversalPaymentId } for the others (both jobs are idempotent).
ALTER TABLE "invoices" ADD COLUMN "note" text;
