CREATE TABLE "affiliate_attributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"payer_email" text NOT NULL,
	"first_order_id" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"node_id" integer,
	"program_id" integer,
	"publisher_id" integer NOT NULL,
	"product_id" integer,
	"source" text DEFAULT 'link' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"kind" text DEFAULT 'commission' NOT NULL,
	"level" integer NOT NULL,
	"bps" integer DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"reversed_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"token" text NOT NULL,
	"recruited_by_node_id" integer,
	"from_landing_page" boolean DEFAULT false NOT NULL,
	"bonus_paid_at" timestamp with time zone,
	"canceled_by" text,
	"state_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_program_products" (
	"program_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "affiliate_program_products_program_id_product_id_pk" PRIMARY KEY("program_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "affiliate_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"cookies_expire" integer DEFAULT 180 NOT NULL,
	"commission_bps" jsonb NOT NULL,
	"lifetime" text DEFAULT 'none' NOT NULL,
	"lifetime_days" integer,
	"bonus_amount" bigint,
	"bonus_currency" text,
	"auto_accept" boolean DEFAULT false NOT NULL,
	"provision_from_brutto" boolean DEFAULT false NOT NULL,
	"hold_days" integer DEFAULT 14 NOT NULL,
	"disable_landing_page" boolean DEFAULT false NOT NULL,
	"redirection_url" text,
	"landing_body" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"landing_theme" text DEFAULT 'classic' NOT NULL,
	"forward_url_params" boolean DEFAULT false NOT NULL,
	"allow_embed_forms" boolean DEFAULT false NOT NULL,
	"embed_forms_allowed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"affiliate_redirections_allowed" boolean DEFAULT false NOT NULL,
	"listed_in_marketplace" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_memos" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"seller_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"commissions_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embeddable_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"publisher_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publishers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text DEFAULT 'publisher' NOT NULL,
	"birthday" date,
	"website" text,
	"email_notifications" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "publisher_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "affiliate_program_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "affiliate_node_id" integer;--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_program_id_affiliate_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."affiliate_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_node_id_affiliate_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."affiliate_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_node_id_affiliate_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."affiliate_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_program_id_affiliate_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."affiliate_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_program_id_affiliate_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."affiliate_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_node_id_affiliate_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."affiliate_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_nodes" ADD CONSTRAINT "affiliate_nodes_program_id_affiliate_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."affiliate_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_nodes" ADD CONSTRAINT "affiliate_nodes_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_nodes" ADD CONSTRAINT "affiliate_nodes_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_program_products" ADD CONSTRAINT "affiliate_program_products_program_id_affiliate_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."affiliate_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_program_products" ADD CONSTRAINT "affiliate_program_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_programs" ADD CONSTRAINT "affiliate_programs_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embeddable_items" ADD CONSTRAINT "embeddable_items_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embeddable_items" ADD CONSTRAINT "embeddable_items_node_id_affiliate_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."affiliate_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embeddable_items" ADD CONSTRAINT "embeddable_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishers" ADD CONSTRAINT "publishers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_attributions_program_email_unique" ON "affiliate_attributions" USING btree ("program_id",lower("payer_email"));--> statement-breakpoint
CREATE INDEX "affiliate_clicks_node_idx" ON "affiliate_clicks" USING btree ("node_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_clicks_publisher_idx" ON "affiliate_clicks" USING btree ("publisher_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_once" ON "affiliate_commissions" USING btree ("payment_id","level","kind");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_order_idx" ON "affiliate_commissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_publisher_idx" ON "affiliate_commissions" USING btree ("publisher_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_seller_idx" ON "affiliate_commissions" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_nodes_token_unique" ON "affiliate_nodes" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_nodes_program_publisher_unique" ON "affiliate_nodes" USING btree ("program_id","publisher_id");--> statement-breakpoint
CREATE INDEX "affiliate_nodes_publisher_idx" ON "affiliate_nodes" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "affiliate_nodes_seller_idx" ON "affiliate_nodes" USING btree ("seller_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_program_products_product_unique" ON "affiliate_program_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "affiliate_programs_seller_idx" ON "affiliate_programs" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_memos_once" ON "credit_memos" USING btree ("seller_id","publisher_id","period_start","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_memos_number_unique" ON "credit_memos" USING btree ("seller_id","number");--> statement-breakpoint
CREATE INDEX "credit_memos_publisher_idx" ON "credit_memos" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "embeddable_items_publisher_idx" ON "embeddable_items" USING btree ("publisher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publishers_user_unique" ON "publishers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_publisher_idx" ON "orders" USING btree ("publisher_id");--> statement-breakpoint
CREATE INDEX "orders_affiliate_program_idx" ON "orders" USING btree ("affiliate_program_id");