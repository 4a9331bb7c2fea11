CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_products" (
	"coupon_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "coupon_products_coupon_id_product_id_pk" PRIMARY KEY("coupon_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"value" bigint NOT NULL,
	"currency_id" text,
	"amount_base" text DEFAULT 'end_amount' NOT NULL,
	"scope" text DEFAULT 'all_products' NOT NULL,
	"limit" integer,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"batch_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"location" text,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"ticket_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"limit" integer,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"reserved_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"key" text NOT NULL,
	"state" text DEFAULT 'available' NOT NULL,
	"used_at" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_plan_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"ticket_id" integer,
	"form" text NOT NULL,
	"kind" integer NOT NULL,
	"currency_id" text NOT NULL,
	"price" bigint,
	"first_amount" bigint,
	"next_amount" bigint,
	"payments_count" integer,
	"interval" text,
	"custom_intervals" jsonb,
	"use_net_price" boolean DEFAULT false NOT NULL,
	"name" text,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"current_version_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"addon_product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"form" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"free" boolean DEFAULT false NOT NULL,
	"limit" integer,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"reserved_count" integer DEFAULT 0 NOT NULL,
	"access_password" text,
	"display_price" bigint,
	"display_old_price" bigint,
	"display_currency_id" text,
	"slug" text NOT NULL,
	"internal_name" text,
	"cost_center" text,
	"product_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hidden_in_shop" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"publish_state" text DEFAULT 'unpublished' NOT NULL,
	"review_state" text DEFAULT 'not_for_review' NOT NULL,
	"review_reason" text,
	"archived_at" timestamp with time zone,
	"can_be_sold_via_shop" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_counts_check" CHECK ("products"."sold_count" >= 0 and "products"."reserved_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"color" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_category_products" (
	"shop_category_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_category_products_shop_category_id_product_id_pk" PRIMARY KEY("shop_category_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_products" ADD CONSTRAINT "coupon_products_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_products" ADD CONSTRAINT "coupon_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_plan_versions" ADD CONSTRAINT "pricing_plan_versions_plan_id_pricing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_plans" ADD CONSTRAINT "pricing_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_plans" ADD CONSTRAINT "pricing_plans_ticket_id_event_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."event_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_addons" ADD CONSTRAINT "product_addons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_addons" ADD CONSTRAINT "product_addons_addon_product_id_products_id_fk" FOREIGN KEY ("addon_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_categories" ADD CONSTRAINT "shop_categories_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_category_products" ADD CONSTRAINT "shop_category_products_shop_category_id_shop_categories_id_fk" FOREIGN KEY ("shop_category_id") REFERENCES "public"."shop_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_category_products" ADD CONSTRAINT "shop_category_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_seller_idx" ON "categories" USING btree ("seller_id","parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_seller_code_unique" ON "coupons" USING btree ("seller_id",lower("code"));--> statement-breakpoint
CREATE INDEX "coupons_batch_idx" ON "coupons" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "event_tickets_product_idx" ON "event_tickets" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "license_keys_product_key_unique" ON "license_keys" USING btree ("product_id","key");--> statement-breakpoint
CREATE INDEX "license_keys_state_idx" ON "license_keys" USING btree ("product_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_plan_versions_plan_version_unique" ON "pricing_plan_versions" USING btree ("plan_id","version");--> statement-breakpoint
CREATE INDEX "pricing_plans_product_idx" ON "pricing_plans" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "pricing_plans_ticket_idx" ON "pricing_plans" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_addons_unique" ON "product_addons" USING btree ("product_id","addon_product_id","kind");--> statement-breakpoint
CREATE INDEX "product_categories_category_idx" ON "product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_seller_slug_unique" ON "products" USING btree ("seller_id",lower("slug"));--> statement-breakpoint
CREATE INDEX "products_seller_idx" ON "products" USING btree ("seller_id","position","created_at");--> statement-breakpoint
CREATE INDEX "products_review_idx" ON "products" USING btree ("publish_state");--> statement-breakpoint
CREATE INDEX "shop_categories_seller_idx" ON "shop_categories" USING btree ("seller_id","position");