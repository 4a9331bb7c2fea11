ALTER TABLE "webhook_endpoints" ADD COLUMN "product_scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
-- Endpoints saved with products heard only those products' events.
UPDATE "webhook_endpoints" SET "product_scope" = 'selected' WHERE cardinality("product_ids") > 0;
