-- sellers.payment_account_done is no longer stored: the flag is derived on every read from the seller's
-- providers and the platform's test mode (payment-settings paymentAccountDoneSql; docs/reference/readings.md 23).
-- No backfill: nothing reads the column any more.
ALTER TABLE "sellers" DROP COLUMN "payment_account_done";
