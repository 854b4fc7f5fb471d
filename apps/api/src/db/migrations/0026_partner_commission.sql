-- Partner commission in the ledger (custom migration; docs/decisions/0032-partner-earnings.md).
-- A partner's earnings are a ledger account of kind 'partner' per (partner, asset): like a user
-- account it has an owner and a stored balance that postings move and that can never go below
-- zero, but it is not a wallet (wallets read kind 'user' only), so earnings are not spendable
-- until the partner moves them to its wallet (one journal entry, partner -x / user +x).

-- 1. The owner and balance rules cover 'partner' as they cover 'user' (same constraint names, so
--    the service's mapping of an overdraft to INSUFFICIENT_FUNDS holds for both).
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check"
  CHECK (("ledger_accounts"."kind" in ('user', 'partner')) = ("ledger_accounts"."user_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_user_balance_nonneg";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_balance_nonneg"
  CHECK ("ledger_accounts"."kind" not in ('user', 'partner') or "ledger_accounts"."balance" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_house_balance_zero";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_house_balance_zero"
  CHECK ("ledger_accounts"."kind" in ('user', 'partner') or "ledger_accounts"."balance" = 0);--> statement-breakpoint
-- 2. One house-side account per (kind, asset) as before; one partner account per (partner, asset).
DROP INDEX "ledger_accounts_kind_asset_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_kind_asset_unique" ON "ledger_accounts" USING btree ("kind","asset_id")
  WHERE "ledger_accounts"."kind" not in ('user', 'partner');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_partner_asset_unique" ON "ledger_accounts" USING btree ("user_id","asset_id")
  WHERE "ledger_accounts"."kind" = 'partner';--> statement-breakpoint
-- 3. ledger_post finds or creates a partner account by its owner, as it does a user account (the
--    ON CONFLICT targets name the partial indexes above, so they change with them).
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
  ELSE
    SELECT id INTO v_id FROM ledger_accounts WHERE kind = p_kind AND asset_id = p_asset;
    IF v_id IS NULL THEN
      INSERT INTO ledger_accounts (kind, user_id, asset_id) VALUES (p_kind, NULL, p_asset)
        ON CONFLICT (kind, asset_id) WHERE kind not in ('user', 'partner') DO NOTHING RETURNING id INTO v_id;
      IF v_id IS NULL THEN
        SELECT id INTO v_id FROM ledger_accounts WHERE kind = p_kind AND asset_id = p_asset;
      END IF;
    END IF;
  END IF;
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- 4. The postings trigger of 0015, unchanged but for the kinds whose stored balance it moves.
CREATE OR REPLACE FUNCTION ledger_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bad uuid;
BEGIN
  WITH locked AS (
    SELECT a.id, (SELECT sum(n.amount) FROM new_postings n WHERE n.account_id = a.id) AS delta
    FROM ledger_accounts a
    WHERE a.id = ANY (ARRAY(SELECT account_id FROM new_postings)) AND a.kind IN ('user', 'partner')
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
--> statement-breakpoint
-- 5. Each move of earnings to the partner's wallet (its journal entry holds the money; this row
--    gives the history and "earned in all" = available + moved without reading postings).
CREATE TABLE "partner_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"amount" numeric NOT NULL,
	"journal_entry_id" uuid NOT NULL,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_withdrawals_amount_positive" CHECK ("partner_withdrawals"."amount" > 0)
);--> statement-breakpoint
ALTER TABLE "partner_withdrawals" ADD CONSTRAINT "partner_withdrawals_partner_id_partners_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_withdrawals" ADD CONSTRAINT "partner_withdrawals_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_withdrawals_partner_idx" ON "partner_withdrawals" USING btree ("partner_id","creation_date","id");--> statement-breakpoint
-- 6. The admin's partner list reads kept figures (decision 0029: a list costs the same at a million
--    exchanges as at a thousand): one row per partner, moved by triggers on guest_exchanges in the
--    transaction of the change. Unlike list_counts these are updated in place, not appended as
--    deltas: a partner's exchanges are few next to all exchanges, and the triggers below fire only
--    when a partner's figures actually move (an exchange made, succeeding or leaving success, a
--    successful one requoted, moved or deleted), so the row lock is short and rarely shared.
--    A partner with no row has no exchanges (the list reads it as zeros). earnings_usd is kept
--    unrounded: the list rounds the sum to cents when it reads it, as it did when it summed the rows.
CREATE TABLE "partner_stats" (
	"partner_id" uuid PRIMARY KEY NOT NULL,
	"exchanges" integer DEFAULT 0 NOT NULL,
	"successful_exchanges" integer DEFAULT 0 NOT NULL,
	"volume_usd" numeric DEFAULT '0' NOT NULL,
	"earnings_usd" numeric DEFAULT '0' NOT NULL
);--> statement-breakpoint
ALTER TABLE "partner_stats" ADD CONSTRAINT "partner_stats_partner_id_partners_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One exchange's share of its partner's figures, the definitions the list used when it summed the
-- rows: volume is the USD value of a successful exchange; earnings in USD are its commission valued
-- at the destination's USD price at the exchange's rate, commission × usd_value / (amount × rate)
-- (decision 0032), for a successful exchange with a commission and a rate. Null adds nothing (sum).
CREATE FUNCTION partner_exchange_volume_usd(p_status smallint, p_usd_value numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status = 1 THEN p_usd_value END
$$;--> statement-breakpoint
CREATE FUNCTION partner_exchange_earnings_usd(p_status smallint, p_commission numeric, p_usd_value numeric,
  p_amount numeric, p_rate numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status = 1 AND p_commission > 0 AND p_rate > 0
    THEN p_commission * p_usd_value / (p_amount * p_rate) END
$$;--> statement-breakpoint
-- Inserts and deletes: one upsert per statement (from the transition table, named changed_rows for
-- both), partners in id order so two bulk statements lock their rows in the same order.
CREATE FUNCTION partner_stats_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_sign integer := CASE TG_OP WHEN 'DELETE' THEN -1 ELSE 1 END;
BEGIN
  INSERT INTO partner_stats AS s (partner_id, exchanges, successful_exchanges, volume_usd, earnings_usd)
  SELECT partner_id, v_sign * count(*), v_sign * count(*) FILTER (WHERE status = 1),
         v_sign * coalesce(sum(partner_exchange_volume_usd(status, usd_value)), 0),
         v_sign * coalesce(sum(partner_exchange_earnings_usd(status, partner_commission, usd_value, amount, rate)), 0)
  FROM changed_rows WHERE partner_id IS NOT NULL GROUP BY partner_id ORDER BY partner_id
  ON CONFLICT (partner_id) DO UPDATE SET
    exchanges = s.exchanges + excluded.exchanges,
    successful_exchanges = s.successful_exchanges + excluded.successful_exchanges,
    volume_usd = s.volume_usd + excluded.volume_usd,
    earnings_usd = s.earnings_usd + excluded.earnings_usd;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An update takes back the old row's share and adds the new one's (to another partner when the
-- exchange moved). Numeric sums are exact, so the kept figure is always the sum of the shares.
CREATE FUNCTION partner_stats_row_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO partner_stats AS s (partner_id, exchanges, successful_exchanges, volume_usd, earnings_usd)
  SELECT partner_id, sum(sign), coalesce(sum(sign) FILTER (WHERE status = 1), 0),
         coalesce(sum(sign * partner_exchange_volume_usd(status, usd_value)), 0),
         coalesce(sum(sign * partner_exchange_earnings_usd(status, commission, usd_value, amount, rate)), 0)
  FROM (VALUES (-1, OLD.partner_id, OLD.status, OLD.usd_value, OLD.partner_commission, OLD.amount, OLD.rate),
               (1, NEW.partner_id, NEW.status, NEW.usd_value, NEW.partner_commission, NEW.amount, NEW.rate))
    AS d(sign, partner_id, status, usd_value, commission, amount, rate)
  WHERE partner_id IS NOT NULL GROUP BY partner_id ORDER BY partner_id
  ON CONFLICT (partner_id) DO UPDATE SET
    exchanges = s.exchanges + excluded.exchanges,
    successful_exchanges = s.successful_exchanges + excluded.successful_exchanges,
    volume_usd = s.volume_usd + excluded.volume_usd,
    earnings_usd = s.earnings_usd + excluded.earnings_usd;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION partner_stats_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM partner_stats;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER guest_exchanges_partner_stats_insert AFTER INSERT ON guest_exchanges
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_stats_rows_changed();--> statement-breakpoint
CREATE TRIGGER guest_exchanges_partner_stats_delete AFTER DELETE ON guest_exchanges
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_stats_rows_changed();--> statement-breakpoint
-- Fires only when the figures can move: the exchange changes partner, or it is or was successful and
-- its status or a figure its share is computed from changed. Pending exchanges being requoted,
-- confirmed or expired (bulk statements of the chain watcher) leave partner_stats alone. The
-- numerics are compared as text: 1.0 and 1.00 are equal, but the scale sets the digits of the
-- earnings division, and the kept sum must take back exactly the share it once added.
CREATE TRIGGER guest_exchanges_partner_stats_update
  AFTER UPDATE OF status, usd_value, partner_commission, amount, rate, partner_id ON guest_exchanges
  FOR EACH ROW WHEN (OLD.partner_id IS DISTINCT FROM NEW.partner_id
    OR (NEW.partner_id IS NOT NULL AND (OLD.status = 1 OR NEW.status = 1)
        AND (OLD.status, OLD.usd_value::text, OLD.partner_commission::text, OLD.amount::text, OLD.rate::text)
            IS DISTINCT FROM (NEW.status, NEW.usd_value::text, NEW.partner_commission::text, NEW.amount::text, NEW.rate::text)))
  EXECUTE FUNCTION partner_stats_row_updated();--> statement-breakpoint
CREATE TRIGGER guest_exchanges_partner_stats_truncate AFTER TRUNCATE ON guest_exchanges
  FOR EACH STATEMENT EXECUTE FUNCTION partner_stats_truncated();--> statement-breakpoint
-- The figures of the exchanges made before this migration (the triggers above lock guest_exchanges
-- against writes until the migration commits, so none is missed or counted twice).
INSERT INTO partner_stats (partner_id, exchanges, successful_exchanges, volume_usd, earnings_usd)
SELECT partner_id, count(*), count(*) FILTER (WHERE status = 1),
       coalesce(sum(partner_exchange_volume_usd(status, usd_value)), 0),
       coalesce(sum(partner_exchange_earnings_usd(status, partner_commission, usd_value, amount, rate)), 0)
FROM guest_exchanges WHERE partner_id IS NOT NULL GROUP BY partner_id;
