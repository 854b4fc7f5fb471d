ALTER TABLE "chain_networks" ADD COLUMN "start_block" bigint;--> statement-breakpoint
ALTER TABLE "chain_networks" ADD COLUMN "start_hash" text;--> statement-breakpoint
ALTER TABLE "chain_networks" ADD COLUMN "halted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_networks" ADD COLUMN "halted_reason" text;
