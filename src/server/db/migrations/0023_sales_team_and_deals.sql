CREATE TABLE "deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"sales_team_member_id" integer,
	"created_by_user_id" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"token" text,
	"product_id" integer NOT NULL,
	"pricing_plan_id" integer NOT NULL,
	"price" bigint,
	"first_amount" bigint,
	"next_amount" bigint,
	"payer_email" text NOT NULL,
	"payer_first_name" text NOT NULL,
	"payer_last_name" text NOT NULL,
	"message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deal_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sales_team_member_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sales_team_fee_bps" integer;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "kind" text DEFAULT 'team' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "fee_bps" integer;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_sales_team_member_id_team_members_id_fk" FOREIGN KEY ("sales_team_member_id") REFERENCES "public"."team_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_pricing_plan_id_pricing_plans_id_fk" FOREIGN KEY ("pricing_plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deals_token_unique" ON "deals" USING btree ("token") WHERE "deals"."token" is not null;--> statement-breakpoint
CREATE INDEX "deals_seller_idx" ON "deals" USING btree ("seller_id","state");--> statement-breakpoint
CREATE INDEX "deals_sales_team_member_idx" ON "deals" USING btree ("sales_team_member_id");--> statement-breakpoint
CREATE INDEX "orders_sales_team_member_idx" ON "orders" USING btree ("sales_team_member_id");