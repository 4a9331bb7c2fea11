ALTER TABLE "sellers" ADD COLUMN "avatar" jsonb;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "banner" jsonb;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_html" text;