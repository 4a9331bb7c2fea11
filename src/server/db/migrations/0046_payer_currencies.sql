CREATE TABLE "exchange_rate_refreshes" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"ok" boolean NOT NULL,
	"rates_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"per_eur" text NOT NULL,
	"source" text NOT NULL,
	"rated_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "payer_currencies" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "base_amount" bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "base_currency" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange" jsonb;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "exchange_rate_source" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "exchange_rate_url" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "exchange_rate_file" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "exchange_rate_max_age_hours" integer;--> statement-breakpoint
CREATE INDEX "exchange_rate_refreshes_created_idx" ON "exchange_rate_refreshes" USING btree ("created_at");