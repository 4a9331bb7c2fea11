CREATE TABLE "platform_setting_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"manager_user_id" integer NOT NULL,
	"setting" text NOT NULL,
	"previous_value" jsonb,
	"new_value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"home_country" text,
	"payments_test_mode" boolean,
	"connect_fee_bps" integer,
	"platform_fee_bps" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_setting_changes" ADD CONSTRAINT "platform_setting_changes_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_setting_changes_created_idx" ON "platform_setting_changes" USING btree ("created_at");