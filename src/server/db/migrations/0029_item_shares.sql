CREATE TABLE "item_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"button_text" text NOT NULL,
	"items" jsonb NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_shares" ADD CONSTRAINT "item_shares_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_shares_seller_slug_unique" ON "item_shares" USING btree ("seller_id",lower("slug")) WHERE "item_shares"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "item_shares_seller_idx" ON "item_shares" USING btree ("seller_id","id");