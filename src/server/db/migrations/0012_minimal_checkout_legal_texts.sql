CREATE TABLE "legal_reviews" (
	"seller_id" integer PRIMARY KEY NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_settings" ALTER COLUMN "buyer_information" SET DEFAULT 'minimal';--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD COLUMN "phone_field" text DEFAULT 'hidden' NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_reviews" ADD CONSTRAINT "legal_reviews_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_texts" ADD CONSTRAINT "legal_texts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_texts_seller_kind_unique" ON "legal_texts" USING btree ("seller_id","kind");--> statement-breakpoint
-- Backfill (docs/decisions/0042-minimal-checkout-and-legal-texts.md): a seller's automatic default settings that
-- were never edited (still the default, named Default/Standard, updated_at = created_at) take the new minimal
-- default; every other settings row that asks full keeps asking the phone, as full did before.
UPDATE "checkout_settings" SET "buyer_information" = 'minimal'
  WHERE "buyer_information" = 'full' AND "is_default" AND "updated_at" = "created_at" AND "name" IN ('Default', 'Standard');--> statement-breakpoint
UPDATE "checkout_settings" SET "phone_field" = 'required' WHERE "buyer_information" = 'full';
