ALTER TABLE "bank_accounts" ADD COLUMN "provider_account_state" text;--> statement-breakpoint
ALTER TABLE "legitimations" ADD COLUMN "provider_ubo_declaration_ref" text;--> statement-breakpoint
ALTER TABLE "legitimations" ADD COLUMN "ubo_declaration_state" text;