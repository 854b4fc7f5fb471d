CREATE TABLE "chain_payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"status" text NOT NULL,
	"attempts" text NOT NULL,
	"inputs" text NOT NULL,
	"signed_block" bigint NOT NULL,
	"mined_txid" text,
	"block_number" bigint,
	"fee_paid" bigint,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_utxos" (
	"network" text NOT NULL,
	"txid" text NOT NULL,
	"vout" integer NOT NULL,
	"amount" bigint NOT NULL,
	"block_number" bigint NOT NULL,
	"spent_txid" text,
	"spent_block" bigint,
	"batch_id" uuid,
	CONSTRAINT "chain_utxos_pkey" PRIMARY KEY("network","txid","vout")
);
--> statement-breakpoint
DROP INDEX "chain_payouts_hash_unique";--> statement-breakpoint
ALTER TABLE "chain_payouts" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
CREATE INDEX "chain_payout_batches_open_idx" ON "chain_payout_batches" USING btree ("network","created_at") WHERE "chain_payout_batches"."status" not in ('confirmed', 'failed');--> statement-breakpoint
CREATE INDEX "chain_utxos_unspent_idx" ON "chain_utxos" USING btree ("network") WHERE "chain_utxos"."spent_txid" is null;--> statement-breakpoint
CREATE INDEX "chain_payouts_batch_idx" ON "chain_payouts" USING btree ("batch_id") WHERE "chain_payouts"."batch_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_hash_unique" ON "chain_payouts" USING btree ("tx_hash") WHERE "chain_payouts"."tx_hash" is not null and "chain_payouts"."batch_id" is null;