CREATE TABLE "claim_handoff_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"handoff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"partner_event_id" text NOT NULL,
	"amount" bigint,
	"stage" text,
	"note" text,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_handoffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"partner" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"partner_reference" text,
	"file" text NOT NULL,
	"mode" text DEFAULT 'export' NOT NULL,
	"last_polled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "strategy_type" text DEFAULT 'in_house' NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "strategy_status" text DEFAULT 'not_handed_over' NOT NULL;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "strategy_stage" text DEFAULT 'in_house' NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_handoff_events" ADD CONSTRAINT "claim_handoff_events_handoff_id_claim_handoffs_id_fk" FOREIGN KEY ("handoff_id") REFERENCES "public"."claim_handoffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_handoffs" ADD CONSTRAINT "claim_handoffs_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_handoffs" ADD CONSTRAINT "claim_handoffs_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_handoff_events_unique" ON "claim_handoff_events" USING btree ("handoff_id","partner_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_handoffs_attempt_unique" ON "claim_handoffs" USING btree ("claim_id","attempt");--> statement-breakpoint
CREATE INDEX "claim_handoffs_status_idx" ON "claim_handoffs" USING btree ("status");