CREATE TABLE "datev_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"export_id" integer,
	"event_key" text NOT NULL,
	"event_date" timestamp with time zone NOT NULL,
	"booking_type" text NOT NULL,
	"amount" integer NOT NULL,
	"debit_credit" text NOT NULL,
	"currency" text NOT NULL,
	"gen_account" text NOT NULL,
	"seller_account" text NOT NULL,
	"document_field_1" text NOT NULL,
	"datev_state" text DEFAULT 'pending' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datev_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_till" date NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"booking_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "datev_settings" (
	"seller_id" integer PRIMARY KEY NOT NULL,
	"consultant_number" integer NOT NULL,
	"client_number" integer NOT NULL,
	"chart" text NOT NULL,
	"fiscal_year_start_month" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "datev_bookings" ADD CONSTRAINT "datev_bookings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datev_bookings" ADD CONSTRAINT "datev_bookings_export_id_datev_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."datev_exports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datev_exports" ADD CONSTRAINT "datev_exports_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datev_settings" ADD CONSTRAINT "datev_settings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "datev_bookings_seller_event_unique" ON "datev_bookings" USING btree ("seller_id","event_key");--> statement-breakpoint
CREATE INDEX "datev_bookings_seller_date_idx" ON "datev_bookings" USING btree ("seller_id","event_date");--> statement-breakpoint
CREATE INDEX "datev_exports_seller_idx" ON "datev_exports" USING btree ("seller_id","id");