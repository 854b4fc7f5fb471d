-- Withdrawals (DECISIONS §12, decision 0054): the tables drizzle generated, then a custom part at the end
-- that teaches the ledger a held account per (user, asset).
CREATE TABLE "sepa_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"message_id" text NOT NULL,
	"count" integer NOT NULL,
	"total" numeric NOT NULL,
	"file" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_by" uuid,
	"paid_at" timestamp with time zone,
	CONSTRAINT "sepa_batches_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"memo" text,
	"label" text NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"remove_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawal_rules" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"fee" numeric DEFAULT '0' NOT NULL,
	"minimum" numeric DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "withdrawal_rules_fee_nonneg" CHECK (fee >= 0),
	CONSTRAINT "withdrawal_rules_minimum_nonneg" CHECK (minimum >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"request_id" uuid,
	"address_id" uuid,
	"network" text,
	"to_address" text,
	"memo" text,
	"iban" text,
	"amount" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"usd_value" numeric NOT NULL,
	"status" text NOT NULL,
	"review_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"payout_id" uuid,
	"tx_hash" text,
	"confirmations" integer,
	"required_confirmations" integer,
	"sepa_batch_id" uuid,
	"reference" text,
	"note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_fee_nonneg" CHECK ("withdrawals"."fee" >= 0),
	CONSTRAINT "withdrawals_destination" CHECK (("withdrawals"."kind" = 'crypto' and "withdrawals"."to_address" is not null and "withdrawals"."network" is not null and "withdrawals"."iban" is null) or ("withdrawals"."kind" = 'bank' and "withdrawals"."iban" is not null and "withdrawals"."to_address" is null))
);
--> statement-breakpoint
ALTER TABLE "tx_claims" DROP CONSTRAINT "tx_claims_one_owner";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_user_balance_nonneg";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_house_balance_zero";--> statement-breakpoint
DROP INDEX "ledger_accounts_kind_asset_unique";--> statement-breakpoint
ALTER TABLE "tx_claims" ADD COLUMN "withdrawal_id" uuid;--> statement-breakpoint
ALTER TABLE "sepa_batches" ADD CONSTRAINT "sepa_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_batches" ADD CONSTRAINT "sepa_batches_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_rules" ADD CONSTRAINT "withdrawal_rules_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_rules" ADD CONSTRAINT "withdrawal_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_address_id_withdrawal_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."withdrawal_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_sepa_batch_id_sepa_batches_id_fk" FOREIGN KEY ("sepa_batch_id") REFERENCES "public"."sepa_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sepa_batches_created_idx" ON "sepa_batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_live_unique" ON "withdrawal_addresses" USING btree ("user_id","asset_id","address",coalesce("memo", '')) WHERE "withdrawal_addresses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "withdrawal_addresses_user_idx" ON "withdrawal_addresses" USING btree ("user_id","created_at") WHERE "withdrawal_addresses"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_remove_token_unique" ON "withdrawal_addresses" USING btree ("remove_token_hash") WHERE "withdrawal_addresses"."remove_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_created_idx" ON "withdrawals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_batch_idx" ON "withdrawals" USING btree ("sepa_batch_id") WHERE "withdrawals"."sepa_batch_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_request_unique" ON "withdrawals" USING btree ("user_id","request_id") WHERE "withdrawals"."request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_unique" ON "withdrawals" USING btree ("payout_id") WHERE "withdrawals"."payout_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_held_asset_unique" ON "ledger_accounts" USING btree ("user_id","asset_id") WHERE "ledger_accounts"."kind" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_kind_asset_unique" ON "ledger_accounts" USING btree ("kind","asset_id") WHERE "ledger_accounts"."kind" not in ('user', 'partner', 'held');--> statement-breakpoint
ALTER TABLE "tx_claims" ADD CONSTRAINT "tx_claims_one_owner" CHECK (num_nonnulls("tx_claims"."exchange_id", "tx_claims"."deposit_id", "tx_claims"."withdrawal_id") = 1);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" in ('user', 'partner', 'held')) = ("ledger_accounts"."user_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_balance_nonneg" CHECK ("ledger_accounts"."kind" not in ('user', 'partner', 'held') or "ledger_accounts"."balance" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_house_balance_zero" CHECK ("ledger_accounts"."kind" in ('user', 'partner', 'held') or "ledger_accounts"."balance" = 0);--> statement-breakpoint
-- Custom part. 1. A manual network's withdrawal claims its hash like a deposit does.
ALTER TABLE "tx_claims" ADD CONSTRAINT "tx_claims_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- 2. ledger_post finds or creates a 'held' account by its owner, as it does a user's or a partner's.
CREATE OR REPLACE FUNCTION ledger_account_id(p_kind text, p_user uuid, p_asset uuid) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
BEGIN
  IF p_kind = 'user' THEN
    SELECT id INTO v_id FROM ledger_accounts WHERE kind = 'user' AND user_id = p_user AND asset_id = p_asset;
    IF v_id IS NULL THEN
      INSERT INTO ledger_accounts (kind, user_id, asset_id) VALUES ('user', p_user, p_asset)
        ON CONFLICT (user_id, asset_id) WHERE kind = 'user' DO NOTHING RETURNING id INTO v_id;
      IF v_id IS NULL THEN
        SELECT id INTO v_id FROM ledger_accounts WHERE kind = 'user' AND user_id = p_user AND asset_id = p_asset;
      END IF;
    END IF;
  ELSIF p_kind = 'partner' THEN
    SELECT id INTO v_id FROM ledger_accounts WHERE kind = 'partner' AND user_id = p_user AND asset_id = p_asset;
    IF v_id IS NULL THEN
      INSERT INTO ledger_accounts (kind, user_id, asset_id) VALUES ('partner', p_user, p_asset)
        ON CONFLICT (user_id, asset_id) WHERE kind = 'partner' DO NOTHING RETURNING id INTO v_id;
      IF v_id IS NULL THEN
        SELECT id INTO v_id FROM ledger_accounts WHERE kind = 'partner' AND user_id = p_user AND asset_id = p_asset;
      END IF;
    END IF;
  ELSIF p_kind = 'held' THEN
    SELECT id INTO v_id FROM ledger_accounts WHERE kind = 'held' AND user_id = p_user AND asset_id = p_asset;
    IF v_id IS NULL THEN
      INSERT INTO ledger_accounts (kind, user_id, asset_id) VALUES ('held', p_user, p_asset)
        ON CONFLICT (user_id, asset_id) WHERE kind = 'held' DO NOTHING RETURNING id INTO v_id;
      IF v_id IS NULL THEN
        SELECT id INTO v_id FROM ledger_accounts WHERE kind = 'held' AND user_id = p_user AND asset_id = p_asset;
      END IF;
    END IF;
  ELSE
    SELECT id INTO v_id FROM ledger_accounts WHERE kind = p_kind AND asset_id = p_asset;
    IF v_id IS NULL THEN
      INSERT INTO ledger_accounts (kind, user_id, asset_id) VALUES (p_kind, NULL, p_asset)
        ON CONFLICT (kind, asset_id) WHERE kind not in ('user', 'partner', 'held') DO NOTHING RETURNING id INTO v_id;
      IF v_id IS NULL THEN
        SELECT id INTO v_id FROM ledger_accounts WHERE kind = p_kind AND asset_id = p_asset;
      END IF;
    END IF;
  END IF;
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- 3. The postings trigger of 0026, unchanged but for the kinds whose stored balance it moves.
CREATE OR REPLACE FUNCTION ledger_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bad uuid;
BEGIN
  WITH locked AS (
    SELECT a.id, (SELECT sum(n.amount) FROM new_postings n WHERE n.account_id = a.id) AS delta
    FROM ledger_accounts a
    WHERE a.id = ANY (ARRAY(SELECT account_id FROM new_postings)) AND a.kind IN ('user', 'partner', 'held')
    ORDER BY a.id
    FOR NO KEY UPDATE
  ), moved AS (
    UPDATE ledger_accounts a SET balance = a.balance + l.delta FROM locked l WHERE a.id = l.id
    RETURNING 1
  )
  SELECT coalesce(
    (SELECT n.entry_id FROM new_postings n
      WHERE (SELECT true FROM journal_entries j WHERE j.id = n.entry_id) IS NULL
         OR (SELECT true FROM ledger_accounts a WHERE a.id = n.account_id AND a.asset_id = n.asset_id) IS NULL
      LIMIT 1),
    (SELECT e.entry_id FROM (SELECT DISTINCT entry_id FROM new_postings) e
      WHERE (SELECT count(*) FROM (SELECT FROM postings p WHERE p.entry_id = e.entry_id
                                   GROUP BY p.asset_id HAVING sum(p.amount) <> 0) x) > 0
      LIMIT 1))
    FROM (SELECT count(*) FROM moved) m
    INTO v_bad;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not sum to zero per asset, or a posting names no entry or no account of its asset', v_bad
      USING ERRCODE = 'check_violation', CONSTRAINT = 'postings_entry_balanced';
  END IF;
  RETURN NULL;
END
$$;
