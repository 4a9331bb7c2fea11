ALTER TABLE "sellers" ADD COLUMN "shop_languages" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- Orders made before the column read in their payer's language, as their mails did.
UPDATE "orders" SET "locale" = "users"."locale" FROM "users" WHERE "users"."id" = "orders"."payer_user_id" AND "users"."locale" <> 'en';
