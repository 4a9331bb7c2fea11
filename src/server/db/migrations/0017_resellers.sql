CREATE TABLE "reseller_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"reseller_id" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"fee_bps" integer NOT NULL,
	"reason" text,
	"canceled_by" text,
	"decided_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"legal_name" text NOT NULL,
	"street" text NOT NULL,
	"zip" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"vat_id" text,
	"fee_bps" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resellers_fee_bps_range" CHECK ("resellers"."fee_bps" >= 0 and "resellers"."fee_bps" <= 5000)
);
--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "selling_mode" text DEFAULT 'selling_by_ownself' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "reseller_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reseller_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reseller_fee_bps" integer;--> statement-breakpoint
ALTER TABLE "reseller_approvals" ADD CONSTRAINT "reseller_approvals_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_approvals" ADD CONSTRAINT "reseller_approvals_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_approvals_one_open_per_seller" ON "reseller_approvals" USING btree ("seller_id") WHERE "reseller_approvals"."state" in ('waiting', 'approved');--> statement-breakpoint
CREATE INDEX "reseller_approvals_reseller_idx" ON "reseller_approvals" USING btree ("reseller_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_user_unique" ON "resellers" USING btree ("user_id");