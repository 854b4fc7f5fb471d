CREATE TABLE "chain_addresses" (
	"network" text NOT NULL,
	"address" text NOT NULL,
	"memo" text,
	"index" integer NOT NULL,
	"purpose" text NOT NULL,
	"exchange_id" uuid,
	"user_id" uuid,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "chain_addresses_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_addresses_pkey" PRIMARY KEY("network","address"),
	CONSTRAINT "chain_addresses_owner_check" CHECK (("chain_addresses"."purpose" = 'exchange' and "chain_addresses"."exchange_id" is not null and "chain_addresses"."user_id" is null) or ("chain_addresses"."purpose" = 'user' and "chain_addresses"."user_id" is not null and "chain_addresses"."exchange_id" is null))
);
--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"network" text NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	CONSTRAINT "chain_blocks_pkey" PRIMARY KEY("network","number")
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"asset_id" uuid NOT NULL,
	"address" text NOT NULL,
	"tx_hash" text NOT NULL,
	"event_key" text NOT NULL,
	"from_address" text,
	"amount" numeric NOT NULL,
	"block_number" bigint,
	"block_hash" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer NOT NULL,
	"status" text NOT NULL,
	"exchange_id" uuid,
	"user_id" uuid,
	"hold_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"final_at" timestamp with time zone,
	CONSTRAINT "chain_deposits_amount_positive" CHECK ("chain_deposits"."amount" > 0),
	CONSTRAINT "chain_deposits_status_check" CHECK ("chain_deposits"."status" in ('seen', 'orphaned', 'final'))
);
--> statement-breakpoint
CREATE TABLE "chain_networks" (
	"network" text PRIMARY KEY NOT NULL,
	"chain_id" integer,
	"genesis_hash" text,
	"next_address_index" integer DEFAULT 0 NOT NULL,
	"scanned_block" bigint,
	"scanned_hash" text,
	"head_block" bigint,
	"rpc_ok" boolean DEFAULT false NOT NULL,
	"rpc_error" text,
	"checked_at" timestamp with time zone,
	"hot_wallet_address" text,
	"hot_wallet_balances" text,
	"next_nonce" bigint
);
--> statement-breakpoint
CREATE TABLE "chain_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"asset_id" uuid NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric NOT NULL,
	"usd_value" numeric NOT NULL,
	"purpose" text NOT NULL,
	"reference" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"approved_by" uuid,
	"nonce" bigint,
	"raw_tx" text,
	"tx_hash" text,
	"block_number" bigint,
	"network_fee" numeric,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"mined_at" timestamp with time zone,
	CONSTRAINT "chain_payouts_amount_positive" CHECK ("chain_payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "tx_claims" (
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"exchange_id" uuid,
	"deposit_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tx_claims_pkey" PRIMARY KEY("network","tx_hash"),
	CONSTRAINT "tx_claims_one_owner" CHECK (("tx_claims"."exchange_id" is null) <> ("tx_claims"."deposit_id" is null))
);
--> statement-breakpoint
DROP INDEX "deposits_asset_hash_unique";--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "deposit_confirmations" integer;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "required_confirmations" integer;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "chain_resolution" text;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "payout_status" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "chain_deposit_id" uuid;--> statement-breakpoint
ALTER TABLE "chain_addresses" ADD CONSTRAINT "chain_addresses_exchange_id_guest_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."guest_exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_addresses" ADD CONSTRAINT "chain_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_exchange_id_guest_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."guest_exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_payouts" ADD CONSTRAINT "chain_payouts_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_payouts" ADD CONSTRAINT "chain_payouts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tx_claims" ADD CONSTRAINT "tx_claims_exchange_id_guest_exchanges_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."guest_exchanges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tx_claims" ADD CONSTRAINT "tx_claims_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_index_unique" ON "chain_addresses" USING btree ("network","index");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_user_unique" ON "chain_addresses" USING btree ("network","user_id") WHERE "chain_addresses"."purpose" = 'user';--> statement-breakpoint
CREATE UNIQUE INDEX "chain_addresses_exchange_unique" ON "chain_addresses" USING btree ("exchange_id") WHERE "chain_addresses"."exchange_id" is not null;--> statement-breakpoint
CREATE INDEX "chain_addresses_seq_idx" ON "chain_addresses" USING btree ("network","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_transfer_unique" ON "chain_deposits" USING btree ("network","tx_hash","event_key");--> statement-breakpoint
CREATE INDEX "chain_deposits_seen_idx" ON "chain_deposits" USING btree ("network","block_number") WHERE "chain_deposits"."status" = 'seen';--> statement-breakpoint
CREATE INDEX "chain_deposits_exchange_idx" ON "chain_deposits" USING btree ("exchange_id") WHERE "chain_deposits"."exchange_id" is not null;--> statement-breakpoint
CREATE INDEX "chain_deposits_created_idx" ON "chain_deposits" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_live_unique" ON "chain_payouts" USING btree ("purpose","reference") WHERE "chain_payouts"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "chain_payouts_hash_unique" ON "chain_payouts" USING btree ("tx_hash") WHERE "chain_payouts"."tx_hash" is not null;--> statement-breakpoint
CREATE INDEX "chain_payouts_open_idx" ON "chain_payouts" USING btree ("network","created_at") WHERE "chain_payouts"."status" not in ('confirmed', 'failed');--> statement-breakpoint
CREATE INDEX "chain_payouts_status_idx" ON "chain_payouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_chain_deposit_unique" ON "deposits" USING btree ("chain_deposit_id") WHERE "deposits"."chain_deposit_id" is not null;--> statement-breakpoint
-- Hashes already claimed by hand: the oldest claim of each hash on each network keeps it (the same
-- network names and hash normal form as apps/api/src/modules/chain/chain-networks.ts).
INSERT INTO "tx_claims" ("network", "tx_hash", "deposit_id", "exchange_id", "created_at")
SELECT c.network, c.hash, c.deposit_id, c.exchange_id, c.at FROM (
  SELECT CASE a.ticker WHEN 'USDT' THEN 'ETH' WHEN 'BNB' THEN 'BSC' WHEN 'USDT-BEP20' THEN 'BSC'
           WHEN 'USDT-TRC20' THEN 'TRX' ELSE a.ticker END AS network,
         CASE WHEN d.transaction_hash ~ '^(0x)?[0-9a-fA-F]+$' THEN lower(d.transaction_hash)
           ELSE d.transaction_hash END AS hash,
         d.id AS deposit_id, NULL::uuid AS exchange_id, d.creation_date AS at
  FROM "deposits" d JOIN "assets" a ON a.id = d.asset_id
  WHERE d.transaction_hash IS NOT NULL AND d.method = 'crypto'
  UNION ALL
  SELECT CASE a.ticker WHEN 'USDT' THEN 'ETH' WHEN 'BNB' THEN 'BSC' WHEN 'USDT-BEP20' THEN 'BSC'
           WHEN 'USDT-TRC20' THEN 'TRX' ELSE a.ticker END,
         CASE WHEN e.transaction_hash ~ '^(0x)?[0-9a-fA-F]+$' THEN lower(e.transaction_hash)
           ELSE e.transaction_hash END,
         NULL::uuid, e.id, coalesce(e.confirmed_at, e.creation_date)
  FROM "guest_exchanges" e JOIN "assets" a ON a.id = e.source_asset_id
  WHERE e.transaction_hash IS NOT NULL
) c
ORDER BY c.at
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Several entries in one round trip (a block's worth of transfers reaching their confirmations):
-- each is ledger_post's, with its own checks; an entry already posted is skipped (id null).
CREATE OR REPLACE FUNCTION ledger_post_many(p_entries jsonb) RETURNS TABLE (reference text, id uuid)
LANGUAGE plpgsql AS $$
DECLARE
  e jsonb;
BEGIN
  FOR e IN SELECT value FROM jsonb_array_elements(p_entries) LOOP
    reference := e->>'reference';
    id := ledger_post(e->>'kind', e->>'reference', e->>'memo', e->'legs');
    RETURN NEXT;
  END LOOP;
END
$$;
