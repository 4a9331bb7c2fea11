CREATE TABLE "custom_fonts" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"font_name" text NOT NULL,
	"fallback_font" text NOT NULL,
	"font_weight" integer DEFAULT 400 NOT NULL,
	"font_style" text DEFAULT 'normal' NOT NULL,
	"font_display" text DEFAULT 'swap' NOT NULL,
	"font_format" text NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applied_themes" (
	"seller_id" integer NOT NULL,
	"kind" text NOT NULL,
	"theme_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applied_themes_seller_id_kind_pk" PRIMARY KEY("seller_id","kind")
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"share_token" text,
	"copied_from_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_fonts" ADD CONSTRAINT "custom_fonts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applied_themes" ADD CONSTRAINT "applied_themes_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applied_themes" ADD CONSTRAINT "applied_themes_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fonts_key_unique" ON "custom_fonts" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "custom_fonts_seller_idx" ON "custom_fonts" USING btree ("seller_id","id");--> statement-breakpoint
CREATE INDEX "applied_themes_theme_idx" ON "applied_themes" USING btree ("theme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "themes_share_token_unique" ON "themes" USING btree ("share_token") WHERE "themes"."share_token" is not null;--> statement-breakpoint
CREATE INDEX "themes_seller_idx" ON "themes" USING btree ("seller_id","kind");--> statement-breakpoint
CREATE INDEX "themes_hub_idx" ON "themes" USING btree ("visibility","kind","id");