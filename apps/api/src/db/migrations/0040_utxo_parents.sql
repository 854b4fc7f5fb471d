ALTER TABLE "chain_utxos" ADD COLUMN "parents" jsonb;--> statement-breakpoint
ALTER TABLE "chain_utxos" ADD COLUMN "conflict_txid" text;--> statement-breakpoint
ALTER TABLE "chain_utxos" ADD COLUMN "conflict_block" bigint;