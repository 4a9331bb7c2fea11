CREATE TABLE "platform_plan_owner" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seller_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_plan_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"billing_cycle" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"pricing_plan_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"purpose" text NOT NULL,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"trial_days" integer,
	"product_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"plan_id" integer NOT NULL,
	"billing_cycle" text NOT NULL,
	"special_amount" bigint,
	"free_months" integer,
	"pricing_plan_id" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"billing_cycle" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"order_id" integer,
	"promo_id" integer,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_plan_owner" ADD CONSTRAINT "platform_plan_owner_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_plan_prices" ADD CONSTRAINT "platform_plan_prices_plan_id_platform_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."platform_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_plan_prices" ADD CONSTRAINT "platform_plan_prices_pricing_plan_id_pricing_plans_id_fk" FOREIGN KEY ("pricing_plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_plans" ADD CONSTRAINT "platform_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_promos" ADD CONSTRAINT "platform_promos_plan_id_platform_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."platform_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_promos" ADD CONSTRAINT "platform_promos_pricing_plan_id_pricing_plans_id_fk" FOREIGN KEY ("pricing_plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_subscriptions" ADD CONSTRAINT "platform_subscriptions_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_subscriptions" ADD CONSTRAINT "platform_subscriptions_plan_id_platform_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."platform_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_subscriptions" ADD CONSTRAINT "platform_subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_subscriptions" ADD CONSTRAINT "platform_subscriptions_promo_id_platform_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."platform_promos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_plan_prices_plan_cycle_unique" ON "platform_plan_prices" USING btree ("plan_id","billing_cycle");--> statement-breakpoint
CREATE INDEX "platform_plans_purpose_idx" ON "platform_plans" USING btree ("purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_promos_token_unique" ON "platform_promos" USING btree ("token");--> statement-breakpoint
CREATE INDEX "platform_subscriptions_seller_state_idx" ON "platform_subscriptions" USING btree ("seller_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_subscriptions_order_unique" ON "platform_subscriptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_subscriptions_promo_seller_unique" ON "platform_subscriptions" USING btree ("promo_id","seller_id") WHERE "platform_subscriptions"."promo_id" is not null;