CREATE TABLE "product_discounts" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"limit" integer,
	"value" bigint NOT NULL,
	"value_form" text NOT NULL,
	"currency_id" text,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_discounts_value_check" CHECK ("product_discounts"."value" > 0 and ("product_discounts"."value_form" <> 'percents' or "product_discounts"."value" <= 10000)),
	CONSTRAINT "product_discounts_form_check" CHECK (("product_discounts"."value_form" = 'percents' and "product_discounts"."currency_id" is null) or ("product_discounts"."value_form" = 'currency' and "product_discounts"."currency_id" is not null)),
	CONSTRAINT "product_discounts_counts_check" CHECK ("product_discounts"."orders_count" >= 0 and ("product_discounts"."limit" is null or "product_discounts"."limit" >= 1))
);
--> statement-breakpoint
ALTER TABLE "product_discounts" ADD CONSTRAINT "product_discounts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;