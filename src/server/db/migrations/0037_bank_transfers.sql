CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"statement_id" text NOT NULL,
	"account_iban" text,
	"file_sha256" text NOT NULL,
	"line_count" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transfer_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"account_iban" text DEFAULT '' NOT NULL,
	"bank_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"booked_on" text NOT NULL,
	"remittance" text NOT NULL,
	"payer_name" text,
	"payer_iban" text,
	"reference" text,
	"state" text NOT NULL,
	"unmatched_reason" text,
	"order_id" integer,
	"payment_id" integer,
	"overpaid_amount" integer DEFAULT 0 NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfer_lines_amount_positive" CHECK ("bank_transfer_lines"."amount" > 0),
	CONSTRAINT "bank_transfer_lines_state_check" CHECK ("bank_transfer_lines"."state" in ('unmatched', 'matched', 'assigned', 'ignored'))
);
--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfer_lines" ADD CONSTRAINT "bank_transfer_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfer_lines" ADD CONSTRAINT "bank_transfer_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfer_lines" ADD CONSTRAINT "bank_transfer_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfer_lines" ADD CONSTRAINT "bank_transfer_lines_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_file_unique" ON "bank_statements" USING btree ("file_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfer_lines_ref_unique" ON "bank_transfer_lines" USING btree ("account_iban","bank_ref");--> statement-breakpoint
CREATE INDEX "bank_transfer_lines_state_idx" ON "bank_transfer_lines" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "bank_transfer_lines_payment_idx" ON "bank_transfer_lines" USING btree ("payment_id");