CREATE TABLE "live_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"stream_url" text,
	"product_ids" jsonb NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"went_live_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_events_times_check" CHECK ("live_events"."ends_at" > "live_events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "mobile_app_push_settings" (
	"seller_id" integer NOT NULL,
	"type" text NOT NULL,
	"push" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_app_push_settings_seller_id_type_pk" PRIMARY KEY("seller_id","type")
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_app_push_settings" ADD CONSTRAINT "mobile_app_push_settings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_seller_idx" ON "live_events" USING btree ("seller_id","starts_at");