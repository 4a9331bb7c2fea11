-- A won dispute gives back the payment tickets, certificates and license keys its chargeback revoked
-- (docs/decisions/0038-money-edges.md): each revocation now records why (refund | chargeback | upgrade).
-- Rows revoked before the column existed get the reason their order's state shows: the revoked items of an
-- order charged back now are the chargeback's (a refunded order is final, so nothing else revoked them),
-- except a ticket an upgrade replaced (another ticket names it in upgraded_from_id); those of a refunded
-- order the refund's. Items a chargeback revoked on an order whose dispute was won before this change stay
-- revoked (the restore job ran then and gave back only the grants).
ALTER TABLE "license_key_uses" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "payment_tickets" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
UPDATE "payment_tickets" t SET "revoked_reason" = CASE WHEN EXISTS (SELECT 1 FROM "payment_tickets" n WHERE n."upgraded_from_id" = t."id") THEN 'upgrade' WHEN o."payment_state" = 'payment_refunded' THEN 'refund' ELSE 'chargeback' END FROM "orders" o WHERE o."id" = t."order_id" AND t."state" IN ('refunded', 'invalidated') AND t."revoked_reason" IS NULL AND (o."payment_state" IN ('payment_refunded', 'payment_chargebacked') OR EXISTS (SELECT 1 FROM "payment_tickets" n WHERE n."upgraded_from_id" = t."id"));--> statement-breakpoint
UPDATE "issued_certificates" c SET "revoked_reason" = CASE WHEN o."payment_state" = 'payment_refunded' THEN 'refund' ELSE 'chargeback' END FROM "orders" o WHERE o."id" = c."order_id" AND c."state" = 'revoked' AND c."revoked_reason" IS NULL AND o."payment_state" IN ('payment_refunded', 'payment_chargebacked');--> statement-breakpoint
UPDATE "license_key_uses" u SET "revoked_reason" = CASE WHEN o."payment_state" = 'payment_refunded' THEN 'refund' ELSE 'chargeback' END FROM "license_keys" k JOIN "orders" o ON o."id" = k."order_id" WHERE k."id" = u."license_key_id" AND u."revoked_at" IS NOT NULL AND u."revoked_reason" IS NULL AND o."payment_state" IN ('payment_refunded', 'payment_chargebacked');
