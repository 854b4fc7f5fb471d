-- The money path in one round trip (custom migration; see docs/decisions/0015-settlement-in-sql.md).
-- These functions only write rows; every rule of 0003 still holds through its triggers and CHECKs:
-- a posting moves the user's stored balance, no user balance goes below zero, each entry sums to
-- zero per asset at commit, and the journal is append-only.

-- 1. A ledger account's id, created when missing (concurrent creators meet on the unique indexes).
CREATE FUNCTION ledger_account_id(p_kind text, p_user uuid, p_asset uuid) RETURNS uuid
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
  ELSE
    SELECT id INTO v_id FROM ledger_accounts WHERE kind = p_kind AND asset_id = p_asset;
    IF v_id IS NULL THEN
      INSERT INTO ledger_accounts (kind, user_id, asset_id) VALUES (p_kind, NULL, p_asset)
        ON CONFLICT (kind, asset_id) WHERE kind <> 'user' DO NOTHING RETURNING id INTO v_id;
      IF v_id IS NULL THEN
        SELECT id INTO v_id FROM ledger_accounts WHERE kind = p_kind AND asset_id = p_asset;
      END IF;
    END IF;
  END IF;
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- 2. Posts one entry: p_legs is a JSON array of {owner: 'user'|'house'|'fee', userId?, assetId,
--    amount (decimal string; positive credits)}. Returns the entry id, or NULL when (kind, reference)
--    was already posted. Postings go in account-id order, so that two entries touching the same
--    accounts take their row locks in the same order and cannot deadlock.
CREATE FUNCTION ledger_post(p_kind text, p_reference text, p_memo text, p_legs jsonb) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_entry uuid;
BEGIN
  INSERT INTO journal_entries (kind, reference, memo) VALUES (p_kind, p_reference, p_memo)
    ON CONFLICT (kind, reference) DO NOTHING RETURNING id INTO v_entry;
  IF v_entry IS NULL THEN
    RETURN NULL;
  END IF;
  WITH legs AS (
    SELECT ledger_account_id(l->>'owner', (l->>'userId')::uuid, (l->>'assetId')::uuid) AS account_id,
           (l->>'assetId')::uuid AS asset_id, (l->>'amount')::numeric AS amount
    FROM jsonb_array_elements(p_legs) AS l
  )
  INSERT INTO postings (entry_id, account_id, asset_id, amount)
    SELECT v_entry, account_id, asset_id, amount FROM legs ORDER BY account_id;
  RETURN v_entry;
END
$$;
--> statement-breakpoint
-- 3. Settles a price lock in one statement: checks the caller (active, token not revoked), locks the
--    price lock row, checks it and the amount (decimals, USD minimum, balance), computes the fee and
--    the amount received in the destination asset (each truncated to its decimals; the remainder
--    stays with the house), marks the lock used, posts the entry and records the conversion.
--    A refusal returns its code (and what its message needs) and changes nothing; the lock stays
--    usable. The fee rate, the minimum and premium are read here, never taken from the caller; the
--    two defaults are the API's own for a database without those settings.
CREATE FUNCTION convert_settle(
  p_lock uuid, p_user uuid, p_token_version integer, p_amount numeric,
  p_default_minimum_usd numeric, p_default_fee_rate numeric
) RETURNS TABLE (
  outcome text, conversion_id uuid, ticker text, decimals smallint, minimum_usd numeric, left_usd numeric
)
LANGUAGE plpgsql AS $$
DECLARE
  v_premium boolean;
  v_lock price_locks%ROWTYPE;
  v_left assets%ROWTYPE;
  v_right assets%ROWTYPE;
  v_fee_rate numeric;
  v_usd numeric;
  v_gross numeric;
  v_fee numeric;
  v_received numeric;
  v_entry uuid;
BEGIN
  SELECT coalesce(u.premium_until > now(), false) INTO v_premium
    FROM users u WHERE u.id = p_user AND u.status = 1 AND u.token_version = p_token_version;
  IF NOT FOUND THEN
    outcome := 'AUTH'; RETURN NEXT; RETURN;
  END IF;

  SELECT * INTO v_lock FROM price_locks WHERE id = p_lock AND user_id = p_user FOR UPDATE;
  outcome := CASE
    WHEN NOT FOUND THEN 'LOCK_NOT_FOUND'
    WHEN v_lock.used_at IS NOT NULL THEN 'LOCK_USED'
    WHEN v_lock.cancelled_at IS NOT NULL THEN 'LOCK_CANCELLED'
    WHEN v_lock.expires_at <= now() THEN 'LOCK_EXPIRED'
  END;
  IF outcome IS NOT NULL THEN
    RETURN NEXT; RETURN;
  END IF;

  SELECT * INTO v_left FROM assets WHERE id = v_lock.left_asset_id AND enabled;
  SELECT * INTO v_right FROM assets WHERE id = v_lock.right_asset_id AND enabled;
  IF v_left.id IS NULL OR v_right.id IS NULL THEN
    outcome := 'ASSET_NOT_FOUND'; RETURN NEXT; RETURN;
  END IF;
  ticker := v_left.ticker;
  decimals := v_left.decimals;
  left_usd := v_lock.left_usd;
  IF p_amount <= 0 THEN
    outcome := 'INVALID_AMOUNT'; RETURN NEXT; RETURN;
  END IF;
  IF min_scale(p_amount) > v_left.decimals THEN
    outcome := 'TOO_MANY_DECIMALS'; RETURN NEXT; RETURN;
  END IF;

  minimum_usd := coalesce(
    (SELECT value::numeric FROM settings WHERE key = 'minimum_transaction_amount_usd'), p_default_minimum_usd);
  v_usd := p_amount * v_lock.left_usd;
  IF v_usd < minimum_usd THEN
    outcome := 'BELOW_MINIMUM'; RETURN NEXT; RETURN;
  END IF;

  -- A clear refusal for the common case; the CHECK on ledger_accounts still refuses a balance that a
  -- concurrent debit made too low (the caller maps that error to the same code).
  IF coalesce((SELECT balance FROM ledger_accounts
               WHERE kind = 'user' AND user_id = p_user AND asset_id = v_left.id), 0) < p_amount THEN
    outcome := 'INSUFFICIENT_FUNDS'; RETURN NEXT; RETURN;
  END IF;

  v_fee_rate := CASE WHEN v_premium THEN 0 ELSE coalesce(
    (SELECT value::numeric FROM settings WHERE key = 'fee_rate'), p_default_fee_rate) END;
  v_gross := p_amount * v_lock.rate;
  v_fee := trunc(v_gross * v_fee_rate, v_right.decimals);
  v_received := trunc(v_gross - v_gross * v_fee_rate, v_right.decimals);
  IF v_received <= 0 THEN
    outcome := 'AMOUNT_TOO_SMALL'; RETURN NEXT; RETURN;
  END IF;

  UPDATE price_locks SET used_at = now() WHERE id = p_lock;
  v_entry := ledger_post('convert', p_lock::text, v_left.ticker || ' -> ' || v_right.ticker,
    jsonb_build_array(
      jsonb_build_object('owner', 'user', 'userId', p_user, 'assetId', v_left.id, 'amount', -p_amount),
      jsonb_build_object('owner', 'house', 'assetId', v_left.id, 'amount', p_amount),
      jsonb_build_object('owner', 'house', 'assetId', v_right.id, 'amount', -(v_received + v_fee)),
      jsonb_build_object('owner', 'user', 'userId', p_user, 'assetId', v_right.id, 'amount', v_received)
    ) || CASE WHEN v_fee > 0
      THEN jsonb_build_array(jsonb_build_object('owner', 'fee', 'assetId', v_right.id, 'amount', v_fee))
      ELSE '[]'::jsonb END);
  IF v_entry IS NULL THEN
    -- Unreachable while the lock row is held, kept so a second posting can never pass silently.
    RAISE EXCEPTION 'price lock % was already settled', p_lock USING ERRCODE = 'unique_violation';
  END IF;

  INSERT INTO conversions (user_id, lock_id, left_asset_id, right_asset_id, amount, destination_amount,
                           rate, fee, usd_value, status, journal_entry_id)
    VALUES (p_user, p_lock, v_left.id, v_right.id, p_amount, v_received, v_lock.rate, v_fee, v_usd,
            1 /* TransactionStatus.success */, v_entry)
    RETURNING id INTO conversion_id;
  outcome := 'OK';
  RETURN NEXT;
END
$$;
--> statement-breakpoint
-- 4. A price lock for an active caller whose token is not revoked, in one statement; no row when the
--    caller is not (the API then tells why). Returns whether the caller is premium now (fee shown).
CREATE FUNCTION convert_lock(
  p_user uuid, p_token_version integer, p_left uuid, p_right uuid,
  p_rate numeric, p_left_usd numeric, p_right_usd numeric, p_ttl_seconds integer
) RETURNS TABLE (id uuid, expires_at timestamptz, premium boolean)
LANGUAGE sql AS $$
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
  SELECT lock.id, lock.expires_at, caller.premium FROM lock, caller
$$;
