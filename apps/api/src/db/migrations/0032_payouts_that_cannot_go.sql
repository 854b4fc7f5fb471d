DROP INDEX "chain_payouts_live_unique";--> statement-breakpoint
DROP INDEX "chain_payouts_open_idx";--> statement-breakpoint
ALTER TABLE "chain_payouts" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "chain_payouts" ADD COLUMN "signed_block" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_exchange_live_unique" ON "chain_payouts" USING btree ("reference") WHERE "chain_payouts"."purpose" in ('exchange_payout', 'exchange_refund') and "chain_payouts"."status" not in ('failed', 'cancelled');--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_live_unique" ON "chain_payouts" USING btree ("purpose","reference") WHERE "chain_payouts"."status" not in ('failed', 'cancelled');--> statement-breakpoint
CREATE INDEX "chain_payouts_open_idx" ON "chain_payouts" USING btree ("network","created_at") WHERE "chain_payouts"."status" not in ('confirmed', 'failed', 'cancelled');