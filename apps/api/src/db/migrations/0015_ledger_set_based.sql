ALTER TABLE "conversions" DROP CONSTRAINT "conversions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "conversions" DROP CONSTRAINT "conversions_lock_id_price_locks_id_fk";
--> statement-breakpoint
ALTER TABLE "conversions" DROP CONSTRAINT "conversions_left_asset_id_assets_id_fk";
--> statement-breakpoint
ALTER TABLE "conversions" DROP CONSTRAINT "conversions_right_asset_id_assets_id_fk";
--> statement-breakpoint
ALTER TABLE "conversions" DROP CONSTRAINT "conversions_journal_entry_id_journal_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "price_locks" DROP CONSTRAINT "price_locks_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "price_locks" DROP CONSTRAINT "price_locks_left_asset_id_assets_id_fk";
--> statement-breakpoint
ALTER TABLE "price_locks" DROP CONSTRAINT "price_locks_right_asset_id_assets_id_fk";
--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_entry_id_journal_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_account_asset_fk";
--> statement-breakpoint
DROP INDEX "price_locks_user_idx";--> statement-breakpoint
DROP INDEX "postings_entry_idx";--> statement-breakpoint
DROP INDEX "postings_account_idx";--> statement-breakpoint
-- Custom part (drizzle-kit cannot express triggers; see docs/decisions/0021-ledger-rules-set-based.md):
-- the ledger's rules move from row-by-row foreign keys and triggers to one check per statement.
-- 1. The per-row posting triggers go; one statement-level trigger (below) replaces both.
DROP TRIGGER "postings_apply_balance" ON "postings";--> statement-breakpoint
DROP TRIGGER "postings_entry_balanced" ON "postings";--> statement-breakpoint
DROP FUNCTION ledger_apply_posting();--> statement-breakpoint
DROP FUNCTION ledger_check_entry_balanced();--> statement-breakpoint
-- 2. Postings are numbered within their entry; (entry_id, leg) is the key (the old bigserial goes).
ALTER TABLE "postings" ADD COLUMN "leg" smallint;--> statement-breakpoint
ALTER TABLE "postings" DISABLE TRIGGER "postings_append_only";--> statement-breakpoint
UPDATE "postings" p SET "leg" = n.leg
  FROM (SELECT id, row_number() OVER (PARTITION BY entry_id ORDER BY id) AS leg FROM "postings") n
  WHERE n.id = p.id;--> statement-breakpoint
ALTER TABLE "postings" ENABLE TRIGGER "postings_append_only";--> statement-breakpoint
ALTER TABLE "postings" ALTER COLUMN "leg" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_pkey";--> statement-breakpoint
ALTER TABLE "postings" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_pkey" PRIMARY KEY("entry_id","leg");--> statement-breakpoint

-- 3. Rows the ledger and the money path point at are never deleted and keep their keys, so a
--    reference checked when a row is written stays true without locking the row it names (a
--    foreign key check takes a KEY SHARE lock on it: on the asset and house-account rows that every
--    conversion shares, those locks became MultiXacts and WAL on every conversion).
CREATE FUNCTION ledger_keep_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted and keep their keys', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "assets_keep" BEFORE DELETE OR UPDATE OF "id" ON "assets"
  FOR EACH ROW EXECUTE FUNCTION ledger_keep_row();--> statement-breakpoint
CREATE TRIGGER "users_keep" BEFORE DELETE OR UPDATE OF "id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION ledger_keep_row();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_keep" BEFORE DELETE OR UPDATE OF "id", "kind", "user_id", "asset_id" ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION ledger_keep_row();--> statement-breakpoint
-- 4. The guard on stored balances (0003) runs its function only when a statement outside a trigger
--    changes a balance (that is, when it must refuse), not on every balance the postings move.
DROP TRIGGER "ledger_accounts_balance_guard" ON "ledger_accounts";--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_balance_guard" BEFORE UPDATE ON "ledger_accounts"
  FOR EACH ROW WHEN (pg_trigger_depth() < 1 AND NEW.balance IS DISTINCT FROM OLD.balance)
  EXECUTE FUNCTION ledger_balance_guard();--> statement-breakpoint
-- 5. Once per INSERT statement on postings: every entry it touches sums to zero per asset (over all
--    of the entry's postings, so a later statement cannot unbalance an entry either), every posting
--    names an existing entry and an account of its own asset, and each user account's stored
--    balance moves by the sum of its postings (the CHECK on ledger_accounts refuses a negative one).
--    The user accounts are locked in id order first, so two entries touching the same accounts
--    take their row locks in the same order and cannot deadlock. Each lookup is a scalar subquery
--    on a unique key, so no plan of it can turn into a scan of a growing table.
CREATE FUNCTION ledger_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bad uuid;
BEGIN
  WITH locked AS (
    SELECT a.id, (SELECT sum(n.amount) FROM new_postings n WHERE n.account_id = a.id) AS delta
    FROM ledger_accounts a
    WHERE a.id = ANY (ARRAY(SELECT account_id FROM new_postings)) AND a.kind = 'user'
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
CREATE TRIGGER "postings_inserted" AFTER INSERT ON "postings" REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_inserted();--> statement-breakpoint
-- 6. Once per INSERT statement on conversions: the user, both assets and the journal entry exist.
CREATE FUNCTION conversions_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_bad uuid;
BEGIN
  SELECT c.id INTO v_bad FROM new_conversions c
    WHERE (SELECT true FROM users u WHERE u.id = c.user_id) IS NULL
       OR (SELECT true FROM assets a WHERE a.id = c.left_asset_id) IS NULL
       OR (SELECT true FROM assets a WHERE a.id = c.right_asset_id) IS NULL
       OR (SELECT true FROM journal_entries j WHERE j.id = c.journal_entry_id) IS NULL
    LIMIT 1;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'conversion % names a user, an asset or a journal entry that does not exist', v_bad
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'conversions_references';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conversions_inserted" AFTER INSERT ON "conversions" REFERENCING NEW TABLE AS new_conversions
  FOR EACH STATEMENT EXECUTE FUNCTION conversions_inserted();--> statement-breakpoint
-- 7. Price locks are not written to the WAL (decision 0021): a lock moves no money and lives 60 s;
--    after a crash of the database the table is empty and the user locks again. No permanent table
--    references it (conversions keep lock_id, unique, without a foreign key).
ALTER TABLE "price_locks" SET UNLOGGED;--> statement-breakpoint
-- 8. ledger_post numbers the legs and writes them in one statement (the trigger's unit of check).
CREATE OR REPLACE FUNCTION ledger_post(p_kind text, p_reference text, p_memo text, p_legs jsonb) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_entry uuid;
BEGIN
  INSERT INTO journal_entries (kind, reference, memo) VALUES (p_kind, p_reference, p_memo)
    ON CONFLICT (kind, reference) DO NOTHING RETURNING id INTO v_entry;
  IF v_entry IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO postings (entry_id, leg, account_id, asset_id, amount)
    SELECT v_entry, l.n, ledger_account_id(l.v->>'owner', (l.v->>'userId')::uuid, (l.v->>'assetId')::uuid),
           (l.v->>'assetId')::uuid, (l.v->>'amount')::numeric
    FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS l(v, n);
  RETURN v_entry;
END
$$;
--> statement-breakpoint
-- 9. A price lock in one statement: the caller is checked (active, token version current) by the
--    same statement that inserts the lock; it commits without waiting for the disk (0006).
DROP FUNCTION convert_lock(uuid, integer, uuid, uuid, numeric, numeric, numeric, integer);--> statement-breakpoint
CREATE FUNCTION convert_lock(
  p_user uuid, p_token_version integer, p_left uuid, p_right uuid,
  p_rate numeric, p_left_usd numeric, p_right_usd numeric, p_ttl_seconds integer
) RETURNS TABLE (id uuid, expires_at timestamptz, premium boolean)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  WITH caller AS (
    SELECT u.id, coalesce(u.premium_until > now(), false) AS premium
    FROM users u WHERE u.id = p_user AND u.status = 1 AND u.token_version = p_token_version
  ), lock AS (
    INSERT INTO price_locks (user_id, left_asset_id, right_asset_id, rate, left_usd, right_usd, expires_at)
      SELECT caller.id, p_left, p_right, p_rate, p_left_usd, p_right_usd,
             now() + make_interval(secs => p_ttl_seconds)
      FROM caller
    RETURNING price_locks.id, price_locks.expires_at
  )
  SELECT lock.id, lock.expires_at, caller.premium INTO id, expires_at, premium FROM lock, caller;
  IF FOUND THEN
    RETURN NEXT;
  END IF;
END
$$;
--> statement-breakpoint
-- 10. Settlement in two statements: one read (caller, lock, assets, accounts, settings), the checks
--     and the fee in PL/pgSQL, then one write that claims the lock (only if still unused, uncancelled
--     and unexpired), posts the entry and records the conversion. A refusal returns its code (and
--     what its message needs) and changes nothing; the lock stays usable. A claim lost to a
--     concurrent call writes nothing and tells why. The fee rate, the minimum and premium are read
--     here, never taken from the caller; the two defaults are the API's own for a database without
--     those settings.
DROP FUNCTION convert_settle(uuid, uuid, integer, numeric, numeric, numeric);--> statement-breakpoint
CREATE FUNCTION convert_settle(
  p_lock uuid, p_user uuid, p_token_version integer, p_amount numeric,
  p_default_minimum_usd numeric, p_default_fee_rate numeric
) RETURNS TABLE (
  outcome text, conversion_id uuid, ticker text, decimals smallint, minimum_usd numeric, left_usd numeric
)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_fee_rate numeric;
  v_usd numeric;
  v_gross numeric;
  v_fee numeric;
  v_received numeric;
  v_to uuid;
  v_house_left uuid;
  v_house_right uuid;
  v_fee_account uuid;
BEGIN
  SELECT coalesce(u.premium_until > now(), false) AS premium, u.id IS NOT NULL AS caller_ok,
         l.id AS lock_id, l.used_at, l.cancelled_at, l.expires_at, l.rate, l.left_usd,
         a.id AS left_id, a.ticker AS left_ticker, a.decimals AS left_decimals,
         b.id AS right_id, b.ticker AS right_ticker, b.decimals AS right_decimals,
         fa.id AS from_account, fa.balance AS from_balance,
         (SELECT id FROM ledger_accounts WHERE kind = 'user' AND user_id = p_user AND asset_id = b.id) AS to_account,
         (SELECT id FROM ledger_accounts WHERE kind = 'house' AND asset_id = a.id) AS house_left,
         (SELECT id FROM ledger_accounts WHERE kind = 'house' AND asset_id = b.id) AS house_right,
         (SELECT id FROM ledger_accounts WHERE kind = 'fee' AND asset_id = b.id) AS fee_right,
         (SELECT value FROM settings WHERE key = 'minimum_transaction_amount_usd') AS minimum_setting,
         (SELECT value FROM settings WHERE key = 'fee_rate') AS fee_setting
    INTO r
    FROM (SELECT) one
    LEFT JOIN users u ON u.id = p_user AND u.status = 1 AND u.token_version = p_token_version
    LEFT JOIN price_locks l ON l.id = p_lock AND l.user_id = p_user
    LEFT JOIN assets a ON a.id = l.left_asset_id AND a.enabled
    LEFT JOIN assets b ON b.id = l.right_asset_id AND b.enabled
    LEFT JOIN LATERAL (SELECT id, balance FROM ledger_accounts
                       WHERE kind = 'user' AND user_id = p_user AND asset_id = a.id) fa ON true;
  IF NOT r.caller_ok THEN
    outcome := 'AUTH'; RETURN NEXT; RETURN;
  END IF;
  outcome := CASE
    WHEN r.lock_id IS NULL THEN 'LOCK_NOT_FOUND'
    WHEN r.used_at IS NOT NULL THEN 'LOCK_USED'
    WHEN r.cancelled_at IS NOT NULL THEN 'LOCK_CANCELLED'
    WHEN r.expires_at <= now() THEN 'LOCK_EXPIRED'
    WHEN r.left_id IS NULL OR r.right_id IS NULL THEN 'ASSET_NOT_FOUND'
  END;
  IF outcome IS NOT NULL THEN
    RETURN NEXT; RETURN;
  END IF;
  ticker := r.left_ticker;
  decimals := r.left_decimals;
  left_usd := r.left_usd;
  IF p_amount <= 0 THEN
    outcome := 'INVALID_AMOUNT'; RETURN NEXT; RETURN;
  END IF;
  IF min_scale(p_amount) > r.left_decimals THEN
    outcome := 'TOO_MANY_DECIMALS'; RETURN NEXT; RETURN;
  END IF;
  minimum_usd := coalesce(r.minimum_setting::numeric, p_default_minimum_usd);
  v_usd := p_amount * r.left_usd;
  IF v_usd < minimum_usd THEN
    outcome := 'BELOW_MINIMUM'; RETURN NEXT; RETURN;
  END IF;
  -- A clear refusal for the common case; the CHECK on ledger_accounts still refuses a balance that a
  -- concurrent debit made too low (the caller maps that error to the same code).
  IF coalesce(r.from_balance, 0) < p_amount THEN
    outcome := 'INSUFFICIENT_FUNDS'; RETURN NEXT; RETURN;
  END IF;
  v_fee_rate := CASE WHEN r.premium THEN 0 ELSE coalesce(r.fee_setting::numeric, p_default_fee_rate) END;
  v_gross := p_amount * r.rate;
  v_fee := trunc(v_gross * v_fee_rate, r.right_decimals);
  v_received := trunc(v_gross - v_gross * v_fee_rate, r.right_decimals);
  IF v_received <= 0 THEN
    outcome := 'AMOUNT_TOO_SMALL'; RETURN NEXT; RETURN;
  END IF;

  -- Accounts a first conversion into an asset needs (the house and fee ones exist from start-up).
  v_to := coalesce(r.to_account, ledger_account_id('user', p_user, r.right_id));
  v_house_left := coalesce(r.house_left, ledger_account_id('house', NULL, r.left_id));
  v_house_right := coalesce(r.house_right, ledger_account_id('house', NULL, r.right_id));
  v_fee_account := CASE WHEN v_fee > 0 THEN coalesce(r.fee_right, ledger_account_id('fee', NULL, r.right_id)) END;

  WITH claim AS (
    UPDATE price_locks SET used_at = now()
    WHERE id = p_lock AND user_id = p_user AND used_at IS NULL AND cancelled_at IS NULL AND expires_at > now()
    RETURNING id
  ), entry AS (
    INSERT INTO journal_entries (kind, reference, memo)
      SELECT 'convert', claim.id::text, r.left_ticker || ' -> ' || r.right_ticker FROM claim
    RETURNING journal_entries.id
  ), legs AS (
    INSERT INTO postings (entry_id, leg, account_id, asset_id, amount)
      SELECT entry.id, x.leg, x.account_id, x.asset_id, x.amount
      FROM entry, (VALUES (1::smallint, r.from_account, r.left_id, -p_amount),
                          (2::smallint, v_house_left, r.left_id, p_amount),
                          (3::smallint, v_house_right, r.right_id, -(v_received + v_fee)),
                          (4::smallint, v_to, r.right_id, v_received),
                          (5::smallint, v_fee_account, r.right_id, v_fee)) AS x(leg, account_id, asset_id, amount)
      WHERE x.amount <> 0
  )
  INSERT INTO conversions (user_id, lock_id, left_asset_id, right_asset_id, amount, destination_amount,
                           rate, fee, usd_value, status, journal_entry_id)
    SELECT p_user, p_lock, r.left_id, r.right_id, p_amount, v_received, r.rate, v_fee, v_usd,
           1 /* TransactionStatus.success */, entry.id
    FROM entry
    RETURNING id INTO conversion_id;
  IF conversion_id IS NULL THEN
    -- Between the read and the claim, a concurrent call used or cancelled the lock, or it expired.
    SELECT CASE WHEN l.used_at IS NOT NULL THEN 'LOCK_USED'
                WHEN l.cancelled_at IS NOT NULL THEN 'LOCK_CANCELLED'
                ELSE 'LOCK_EXPIRED' END
      INTO outcome FROM price_locks l WHERE l.id = p_lock;
    RETURN NEXT; RETURN;
  END IF;
  outcome := 'OK';
  RETURN NEXT;
END
$$;
