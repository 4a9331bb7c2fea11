CREATE TABLE "product_tracking_codes" (
	"product_id" integer NOT NULL,
	"tracking_code_id" integer NOT NULL,
	CONSTRAINT "product_tracking_codes_product_id_tracking_code_id_pk" PRIMARY KEY("product_id","tracking_code_id")
);
--> statement-breakpoint
CREATE TABLE "product_tracking_selections" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"tracking_id" text,
	"consent_category" text NOT NULL,
	"code" text,
	"hosts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"events" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_tracking_codes" ADD CONSTRAINT "product_tracking_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking_codes" ADD CONSTRAINT "product_tracking_codes_tracking_code_id_tracking_codes_id_fk" FOREIGN KEY ("tracking_code_id") REFERENCES "public"."tracking_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking_selections" ADD CONSTRAINT "product_tracking_selections_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tracking_selections" ADD CONSTRAINT "product_tracking_selections_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_codes" ADD CONSTRAINT "tracking_codes_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_tracking_codes_code_idx" ON "product_tracking_codes" USING btree ("tracking_code_id");--> statement-breakpoint
CREATE INDEX "tracking_codes_seller_idx" ON "tracking_codes" USING btree ("seller_id","id");