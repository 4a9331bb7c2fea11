CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"party_kind" text NOT NULL,
	"party_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"holder" text NOT NULL,
	"country_code" text NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'not_sent' NOT NULL,
	"legitimation_state" text DEFAULT 'init' NOT NULL,
	"rejection_reason" text,
	"provider_ref" text,
	"activated_at" timestamp with time zone,
	"deactivated_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"legitimation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"refused_reason" text,
	"refused_comment" text,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"provider_ref" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legitimations" (
	"id" serial PRIMARY KEY NOT NULL,
	"party_kind" text NOT NULL,
	"party_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"business_type" text DEFAULT 'natural' NOT NULL,
	"step" text DEFAULT 'head_quarter' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ubos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider_account_state" text,
	"provider_user_ref" text,
	"provider_wallet_ref" text,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owed_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"party_kind" text NOT NULL,
	"party_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"currency" text NOT NULL,
	"total_amount" bigint NOT NULL,
	"payouts_count" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"party_kind" text NOT NULL,
	"party_id" integer NOT NULL,
	"schedule" text DEFAULT 'manual' NOT NULL,
	"start_day" integer DEFAULT 1 NOT NULL,
	"minimum_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"last_scheduled_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_settings_party_kind_party_id_pk" PRIMARY KEY("party_kind","party_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"party_kind" text NOT NULL,
	"party_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"rail" text DEFAULT 'sepa' NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"batch_id" integer,
	"provider_ref" text,
	"transfer_country_code" text NOT NULL,
	"canceled_reason" text,
	"issued_at" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_legitimation_id_legitimations_id_fk" FOREIGN KEY ("legitimation_id") REFERENCES "public"."legitimations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legitimations" ADD CONSTRAINT "legitimations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legitimations" ADD CONSTRAINT "legitimations_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owed_settlements" ADD CONSTRAINT "owed_settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_party_idx" ON "bank_accounts" USING btree ("party_kind","party_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_state_idx" ON "bank_accounts" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "kyc_documents_legitimation_idx" ON "kyc_documents" USING btree ("legitimation_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "legitimations_party_unique" ON "legitimations" USING btree ("party_kind","party_id");--> statement-breakpoint
CREATE INDEX "legitimations_step_idx" ON "legitimations" USING btree ("step","updated_at");--> statement-breakpoint
CREATE INDEX "legitimations_user_idx" ON "legitimations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "owed_settlements_seller_idx" ON "owed_settlements" USING btree ("seller_id","party_kind","party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_message_unique" ON "payout_batches" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "payouts_party_idx" ON "payouts" USING btree ("party_kind","party_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_state_idx" ON "payouts" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id");