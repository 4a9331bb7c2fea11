CREATE TABLE "integration_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"credentials_encrypted" text,
	"public_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'connected' NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_product_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"buyer_list_id" text,
	"buyer_campaign_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_sync_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"action" text NOT NULL,
	"order_id" integer,
	"product_id" integer NOT NULL,
	"payer" jsonb NOT NULL,
	"buyer_list_id" text,
	"buyer_campaign_id" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_product_settings" ADD CONSTRAINT "integration_product_settings_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_product_settings" ADD CONSTRAINT "integration_product_settings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_product_settings" ADD CONSTRAINT "integration_product_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_events" ADD CONSTRAINT "integration_sync_events_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_connections_seller_idx" ON "integration_connections" USING btree ("seller_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_product_settings_unique" ON "integration_product_settings" USING btree ("connection_id","product_id");--> statement-breakpoint
CREATE INDEX "integration_product_settings_product_idx" ON "integration_product_settings" USING btree ("seller_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_sync_events_once" ON "integration_sync_events" USING btree ("connection_id","product_id","order_id","event_type");--> statement-breakpoint
CREATE INDEX "integration_sync_events_connection_idx" ON "integration_sync_events" USING btree ("connection_id","created_at");