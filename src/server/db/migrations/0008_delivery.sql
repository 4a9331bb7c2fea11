CREATE TABLE "email_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_log_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_counts" (
	"file_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_counts_file_id_order_id_pk" PRIMARY KEY("file_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "download_settings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"stamp_pdf" boolean DEFAULT false NOT NULL,
	"download_limit" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_completions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"payer_user_id" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"payer_user_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_settings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"comments_enabled" boolean DEFAULT false NOT NULL,
	"open_answers" text DEFAULT 'review' NOT NULL,
	"quiz_attempts_limit" integer,
	"drip_paused" boolean DEFAULT false NOT NULL,
	"lesson_mails" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"author_user_id" integer NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"payer_user_id" integer NOT NULL,
	"status" text NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"position_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"payer_user_id" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"notify_state" text NOT NULL,
	"claimed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"payer_user_id" integer NOT NULL,
	"attempt_number" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"score" integer NOT NULL,
	"max_score" integer NOT NULL,
	"result" text NOT NULL,
	"passed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"product_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"payer_user_id" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"trigger" text NOT NULL,
	"design" jsonb NOT NULL,
	"shown_date" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"state" text DEFAULT 'valid' NOT NULL,
	"revoked_at" timestamp with time zone,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_key_uses" (
	"license_key_id" integer PRIMARY KEY NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_settings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"activation_limit" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"payer_user_id" integer,
	"attendee_first_name" text,
	"attendee_last_name" text,
	"attendee_email" text,
	"state" text DEFAULT 'unused' NOT NULL,
	"price_amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"event_starts_at" timestamp with time zone,
	"event_ends_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"checked_in_by_user_id" integer,
	"upgraded_from_id" integer,
	"state_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"payer_user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"via_product_id" integer,
	"state" text DEFAULT 'active' NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"grant_id" integer,
	"event" text NOT NULL,
	"reason" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_deliveries" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'delivered' NOT NULL,
	"email_mode" text NOT NULL,
	"email_log_id" integer,
	"delivered_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_method_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"order_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"payer_user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"provider_ref" text,
	"saved_method" jsonb,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_delivery_settings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"email_mode" text DEFAULT 'standard_email' NOT NULL,
	"custom_subject" text,
	"custom_body" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_payment_management" (
	"seller_id" integer PRIMARY KEY NOT NULL,
	"payers_may_cancel" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "publish_state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "access_mode" text DEFAULT 'immediately' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "access_after_days" integer;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "access_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upgrade_payment_ticket_id" integer;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_email_log_id_email_logs_id_fk" FOREIGN KEY ("email_log_id") REFERENCES "public"."email_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_counts" ADD CONSTRAINT "download_counts_file_id_download_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."download_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_counts" ADD CONSTRAINT "download_counts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_settings" ADD CONSTRAINT "download_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_completions" ADD CONSTRAINT "course_completions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_completions" ADD CONSTRAINT "course_completions_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD CONSTRAINT "course_sessions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD CONSTRAINT "course_sessions_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_settings" ADD CONSTRAINT "course_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_comments" ADD CONSTRAINT "lesson_comments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_comments" ADD CONSTRAINT "lesson_comments_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_comments" ADD CONSTRAINT "lesson_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_publications" ADD CONSTRAINT "lesson_publications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_publications" ADD CONSTRAINT "lesson_publications_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_publications" ADD CONSTRAINT "lesson_publications_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_key_uses" ADD CONSTRAINT "license_key_uses_license_key_id_license_keys_id_fk" FOREIGN KEY ("license_key_id") REFERENCES "public"."license_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_settings" ADD CONSTRAINT "license_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tickets" ADD CONSTRAINT "payment_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tickets" ADD CONSTRAINT "payment_tickets_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tickets" ADD CONSTRAINT "payment_tickets_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tickets" ADD CONSTRAINT "payment_tickets_ticket_id_event_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."event_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tickets" ADD CONSTRAINT "payment_tickets_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tickets" ADD CONSTRAINT "payment_tickets_checked_in_by_user_id_users_id_fk" FOREIGN KEY ("checked_in_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_via_product_id_products_id_fk" FOREIGN KEY ("via_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_grant_id_access_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."access_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_setups" ADD CONSTRAINT "payment_method_setups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_setups" ADD CONSTRAINT "payment_method_setups_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_setups" ADD CONSTRAINT "payment_method_setups_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_delivery_settings" ADD CONSTRAINT "product_delivery_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_payment_management" ADD CONSTRAINT "seller_payment_management_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_attachments_log_idx" ON "email_attachments" USING btree ("email_log_id");--> statement-breakpoint
CREATE INDEX "download_counts_order_idx" ON "download_counts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_completions_payer_idx" ON "course_completions" USING btree ("product_id","payer_user_id");--> statement-breakpoint
CREATE INDEX "course_sessions_product_idx" ON "course_sessions" USING btree ("product_id","payer_user_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "lesson_comments_lesson_idx" ON "lesson_comments" USING btree ("lesson_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_progress_payer_lesson_idx" ON "lesson_progress" USING btree ("lesson_id","payer_user_id");--> statement-breakpoint
CREATE INDEX "lesson_progress_product_payer_idx" ON "lesson_progress" USING btree ("product_id","payer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_publications_payer_lesson_idx" ON "lesson_publications" USING btree ("lesson_id","payer_user_id");--> statement-breakpoint
CREATE INDEX "lesson_publications_due_idx" ON "lesson_publications" USING btree ("state","opens_at");--> statement-breakpoint
CREATE INDEX "lesson_publications_product_idx" ON "lesson_publications" USING btree ("product_id","payer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_number_idx" ON "quiz_attempts" USING btree ("lesson_id","payer_user_id","attempt_number");--> statement-breakpoint
CREATE INDEX "quiz_attempts_product_idx" ON "quiz_attempts" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_serial_unique" ON "issued_certificates" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_one_valid" ON "issued_certificates" USING btree ("product_id","payer_user_id") WHERE "issued_certificates"."state" = 'valid';--> statement-breakpoint
CREATE INDEX "issued_certificates_order_idx" ON "issued_certificates" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "issued_certificates_payer_idx" ON "issued_certificates" USING btree ("payer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_tickets_code_unique" ON "payment_tickets" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_tickets_order_position_unique" ON "payment_tickets" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "payment_tickets_seller_idx" ON "payment_tickets" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_tickets_payer_idx" ON "payment_tickets" USING btree ("payer_user_id");--> statement-breakpoint
CREATE INDEX "payment_tickets_ticket_idx" ON "payment_tickets" USING btree ("ticket_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "access_grants_order_product_unique" ON "access_grants" USING btree ("order_id","product_id");--> statement-breakpoint
CREATE INDEX "access_grants_payer_idx" ON "access_grants" USING btree ("payer_user_id","product_id");--> statement-breakpoint
CREATE INDEX "access_grants_seller_product_idx" ON "access_grants" USING btree ("seller_id","product_id");--> statement-breakpoint
CREATE INDEX "access_grants_expiry_idx" ON "access_grants" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "delivery_events_order_idx" ON "delivery_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "delivery_events_grant_idx" ON "delivery_events" USING btree ("grant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_method_setups_token_unique" ON "payment_method_setups" USING btree ("token");--> statement-breakpoint
CREATE INDEX "payment_method_setups_order_idx" ON "payment_method_setups" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_upgrade_ticket_idx" ON "orders" USING btree ("upgrade_payment_ticket_id");