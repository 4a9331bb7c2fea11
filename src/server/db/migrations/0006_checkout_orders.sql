CREATE TABLE "cancellation_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"product_type" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"layout" text DEFAULT 'default' NOT NULL,
	"theme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"trust_seals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"buyer_information" text DEFAULT 'full' NOT NULL,
	"buy_button_text" text DEFAULT 'dynamic_cta' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'in_progress' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"order_id" integer,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"pricing_plan_version_id" integer,
	"ticket_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"list_amount" bigint NOT NULL,
	"discount_amount" bigint DEFAULT 0 NOT NULL,
	"net_amount" bigint NOT NULL,
	"vat_amount" bigint NOT NULL,
	"gross_amount" bigint NOT NULL,
	"vat_rate_bps" integer DEFAULT 0 NOT NULL,
	"license_key_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'future' NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"seller_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"payer_user_id" integer,
	"order_type" text DEFAULT 'standard' NOT NULL,
	"upsell_type" text,
	"parent_order_id" integer,
	"pricing_plan_id" integer,
	"pricing_plan_version_id" integer,
	"plan_snapshot" jsonb,
	"ticket_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"price_kind" text DEFAULT 'gross' NOT NULL,
	"total_amount" bigint NOT NULL,
	"vat_amount" bigint DEFAULT 0 NOT NULL,
	"first_amount" bigint NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"discount_amount" bigint DEFAULT 0 NOT NULL,
	"coupon_id" integer,
	"coupon_code" text,
	"product_discount_applied" boolean DEFAULT false NOT NULL,
	"payment_state" text DEFAULT 'payment_waiting' NOT NULL,
	"payment_method" text NOT NULL,
	"provider" text NOT NULL,
	"payer" jsonb NOT NULL,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vat" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"campaign_id" text,
	"referrer" text,
	"success_page_url" text,
	"terms_accepted_at" timestamp with time zone,
	"reservation_state" text DEFAULT 'none' NOT NULL,
	"reserved_until" timestamp with time zone,
	"saved_method" jsonb,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."total_amount" >= 0 and "orders"."vat_amount" >= 0 and "orders"."paid_amount" >= 0 and "orders"."first_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_method_settings" (
	"seller_id" integer NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_method_settings_seller_id_method_pk" PRIMARY KEY("seller_id","method")
);
--> statement-breakpoint
CREATE TABLE "payment_provider_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"provider" text NOT NULL,
	"credentials_encrypted" text NOT NULL,
	"public_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"order_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"rate_number" integer,
	"kind" text DEFAULT 'charge' NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"provider_ref" text,
	"reference" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"failure_reason" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_checkouts" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"checkout_settings_id" integer,
	"payment_methods" jsonb,
	"bump" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"upsells" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"terms_required" boolean DEFAULT true NOT NULL,
	"success_page_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cancellation_terms" ADD CONSTRAINT "cancellation_terms_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_settings" ADD CONSTRAINT "checkout_settings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pricing_plan_version_id_pricing_plan_versions_id_fk" FOREIGN KEY ("pricing_plan_version_id") REFERENCES "public"."pricing_plan_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_ticket_id_event_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."event_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_rates" ADD CONSTRAINT "order_rates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pricing_plan_id_pricing_plans_id_fk" FOREIGN KEY ("pricing_plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pricing_plan_version_id_pricing_plan_versions_id_fk" FOREIGN KEY ("pricing_plan_version_id") REFERENCES "public"."pricing_plan_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ticket_id_event_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."event_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_settings" ADD CONSTRAINT "payment_method_settings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_provider_accounts" ADD CONSTRAINT "payment_provider_accounts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_checkouts" ADD CONSTRAINT "product_checkouts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_checkouts" ADD CONSTRAINT "product_checkouts_checkout_settings_id_checkout_settings_id_fk" FOREIGN KEY ("checkout_settings_id") REFERENCES "public"."checkout_settings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_terms_seller_type_unique" ON "cancellation_terms" USING btree ("seller_id","product_type");--> statement-breakpoint
CREATE INDEX "checkout_settings_seller_idx" ON "checkout_settings" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_settings_one_default" ON "checkout_settings" USING btree ("seller_id") WHERE "checkout_settings"."is_default";--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","currency");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_rates_order_number_unique" ON "order_rates" USING btree ("order_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_token_unique" ON "orders" USING btree ("token");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_payer_idx" ON "orders" USING btree ("payer_user_id");--> statement-breakpoint
CREATE INDEX "orders_parent_idx" ON "orders" USING btree ("parent_order_id");--> statement-breakpoint
CREATE INDEX "orders_reservation_idx" ON "orders" USING btree ("reservation_state","reserved_until");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_provider_accounts_seller_provider_unique" ON "payment_provider_accounts" USING btree ("seller_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_token_unique" ON "payments" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_unique" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_seller_idx" ON "payments" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_unique" ON "provider_events" USING btree ("provider","event_id");