DROP INDEX "bank_statements_file_unique";--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "seller_id" integer;--> statement-breakpoint
ALTER TABLE "bank_transfer_lines" ADD COLUMN "seller_id" integer;--> statement-breakpoint
ALTER TABLE "bank_transfer_lines" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfer_lines" ADD CONSTRAINT "bank_transfer_lines_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_seller_file_unique" ON "bank_statements" USING btree ("seller_id","file_sha256");--> statement-breakpoint
CREATE INDEX "bank_transfer_lines_seller_idx" ON "bank_transfer_lines" USING btree ("seller_id","id");