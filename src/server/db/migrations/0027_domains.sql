CREATE TABLE "seller_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"domain" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"verification_token" text NOT NULL,
	"check_error" text,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"ssl_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_subdomains" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"ttl" integer DEFAULT 3600 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_domains" ADD CONSTRAINT "seller_domains_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_subdomains" ADD CONSTRAINT "seller_subdomains_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_domains_seller_domain_unique" ON "seller_domains" USING btree ("seller_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_domains_served_unique" ON "seller_domains" USING btree ("domain") WHERE "seller_domains"."state" in ('active', 'active_with_ssl');--> statement-breakpoint
CREATE INDEX "seller_domains_due_idx" ON "seller_domains" USING btree ("state","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_subdomains_name_unique" ON "seller_subdomains" USING btree ("name") WHERE "seller_subdomains"."state" <> 'deleted';--> statement-breakpoint
CREATE UNIQUE INDEX "seller_subdomains_seller_unique" ON "seller_subdomains" USING btree ("seller_id") WHERE "seller_subdomains"."state" <> 'deleted';