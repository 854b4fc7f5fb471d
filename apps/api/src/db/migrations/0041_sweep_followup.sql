ALTER TABLE "chain_sweeps" DROP CONSTRAINT "chain_sweeps_broadcast";--> statement-breakpoint
ALTER TABLE "chain_sweeps" ADD COLUMN "tx_hex" text;--> statement-breakpoint
ALTER TABLE "chain_sweeps" ADD COLUMN "spent_txid" text;--> statement-breakpoint
ALTER TABLE "chain_sweeps" ADD COLUMN "spent_block" integer;--> statement-breakpoint
ALTER TABLE "chain_sweeps" ADD COLUMN "drop_reason" text;--> statement-breakpoint
ALTER TABLE "chain_sweeps" ADD COLUMN "drops" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_sweeps" ADD CONSTRAINT "chain_sweeps_broadcast" CHECK (("chain_sweeps"."status" <> 'built') = ("chain_sweeps"."tx_hash" is not null));