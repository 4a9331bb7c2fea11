CREATE TABLE "seller_customizations" (
	"seller_id" integer PRIMARY KEY NOT NULL,
	"logo_key" text,
	"primary_color" text,
	"accent_color" text,
	"mail_footer" text,
	"hide_branding" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_customizations" ADD CONSTRAINT "seller_customizations_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;