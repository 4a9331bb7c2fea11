CREATE TABLE "ticket_designs" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"layout" text NOT NULL,
	"width_mm" integer,
	"height_mm" integer,
	"accent_color" text NOT NULL,
	"text_color" text NOT NULL,
	"logo_key" text,
	"show_qr_code" boolean NOT NULL,
	"fields" jsonb NOT NULL,
	"footer_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_designs" ADD CONSTRAINT "ticket_designs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;