CREATE TABLE "funnel_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"funnel_id" integer NOT NULL,
	"node_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"funnel_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer,
	"pricing_plan_id" integer,
	"page_id" integer,
	"headline" text,
	"accept_node_id" integer,
	"decline_node_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"funnel_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnels" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"entry_node_id" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "funnel_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "funnel_node_id" integer;--> statement-breakpoint
ALTER TABLE "funnel_events" ADD CONSTRAINT "funnel_events_funnel_id_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_events" ADD CONSTRAINT "funnel_events_node_id_funnel_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."funnel_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_nodes" ADD CONSTRAINT "funnel_nodes_funnel_id_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_nodes" ADD CONSTRAINT "funnel_nodes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_nodes" ADD CONSTRAINT "funnel_nodes_pricing_plan_id_pricing_plans_id_fk" FOREIGN KEY ("pricing_plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_nodes" ADD CONSTRAINT "funnel_nodes_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_products" ADD CONSTRAINT "funnel_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_products" ADD CONSTRAINT "funnel_products_funnel_id_funnels_id_fk" FOREIGN KEY ("funnel_id") REFERENCES "public"."funnels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnels" ADD CONSTRAINT "funnels_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_events_once" ON "funnel_events" USING btree ("order_id","node_id","kind");--> statement-breakpoint
CREATE INDEX "funnel_events_funnel_idx" ON "funnel_events" USING btree ("funnel_id");--> statement-breakpoint
CREATE INDEX "funnel_nodes_funnel_idx" ON "funnel_nodes" USING btree ("funnel_id","position");--> statement-breakpoint
CREATE INDEX "funnel_products_funnel_idx" ON "funnel_products" USING btree ("funnel_id");--> statement-breakpoint
CREATE INDEX "funnels_seller_idx" ON "funnels" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "orders_funnel_idx" ON "orders" USING btree ("funnel_id","funnel_node_id");--> statement-breakpoint
-- The one-click upsells of each product's checkout become the product's funnel (docs/decisions/0066-funnels.md):
-- a linear chain in the stored order, each offer's accept ends the funnel, its decline leads to the next.
DO $$
DECLARE
  pc record;
  u record;
  fid integer;
  prev integer;
  nid integer;
  pos integer;
BEGIN
  FOR pc IN SELECT c."product_id", c."upsells", p."seller_id", p."name" FROM "product_checkouts" c JOIN "products" p ON p."id" = c."product_id"
    WHERE jsonb_typeof(c."upsells") = 'array' AND jsonb_array_length(c."upsells") > 0 ORDER BY c."product_id" LOOP
    INSERT INTO "funnels" ("seller_id", "name") VALUES (pc."seller_id", left(pc."name", 100) || ' (upsells)') RETURNING "id" INTO fid;
    INSERT INTO "funnel_products" ("product_id", "funnel_id") VALUES (pc."product_id", fid);
    prev := NULL;
    pos := 0;
    FOR u IN SELECT e.value AS v FROM jsonb_array_elements(pc."upsells") WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
      IF jsonb_typeof(u.v->'product_id') = 'number' AND jsonb_typeof(u.v->'pricing_plan_id') = 'number'
        AND EXISTS (SELECT 1 FROM "products" WHERE "id"::text = u.v->>'product_id')
        AND EXISTS (SELECT 1 FROM "pricing_plans" WHERE "id"::text = u.v->>'pricing_plan_id') THEN
        INSERT INTO "funnel_nodes" ("funnel_id", "position", "kind", "product_id", "pricing_plan_id", "headline")
          VALUES (fid, pos, CASE WHEN u.v->>'kind' = 'downsell' THEN 'downsell' ELSE 'upsell' END, (u.v->>'product_id')::integer,
            (u.v->>'pricing_plan_id')::integer, NULLIF(u.v->>'headline', ''))
          RETURNING "id" INTO nid;
        IF prev IS NULL THEN
          UPDATE "funnels" SET "entry_node_id" = nid WHERE "id" = fid;
        ELSE
          UPDATE "funnel_nodes" SET "decline_node_id" = nid WHERE "id" = prev;
        END IF;
        prev := nid;
        pos := pos + 1;
      END IF;
    END LOOP;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "product_checkouts" DROP COLUMN "upsells";