-- Price locks asked for at once, inserted by one statement (custom migration; see
-- docs/decisions/0021-ledger-rules-set-based.md, "Lock batches"). Element i of every array is one
-- request; a row comes back, numbered i, for each caller who is active with a current token version
-- (as convert_lock checks one). Lock ids are drawn first so that each returned row can be matched
-- to its request. No WAL to wait for: price_locks is unlogged (0015).
CREATE FUNCTION convert_lock_many(
  p_users uuid[], p_token_versions integer[], p_lefts uuid[], p_rights uuid[],
  p_rates numeric[], p_left_usd numeric[], p_right_usd numeric[], p_ttl_seconds integer
) RETURNS TABLE (n integer, id uuid, expires_at timestamptz, premium boolean)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  WITH asked AS (
    SELECT r.n::integer AS n, gen_random_uuid() AS lock_id, u.id AS user_id,
           coalesce(u.premium_until > now(), false) AS premium,
           r.left_id, r.right_id, r.rate, r.left_usd, r.right_usd
    FROM unnest(p_users, p_token_versions, p_lefts, p_rights, p_rates, p_left_usd, p_right_usd)
           WITH ORDINALITY AS r(user_id, token_version, left_id, right_id, rate, left_usd, right_usd, n)
    JOIN users u ON u.id = r.user_id AND u.status = 1 AND u.token_version = r.token_version
  ), locked AS (
    INSERT INTO price_locks (id, user_id, left_asset_id, right_asset_id, rate, left_usd, right_usd, expires_at)
      SELECT a.lock_id, a.user_id, a.left_id, a.right_id, a.rate, a.left_usd, a.right_usd,
             now() + make_interval(secs => p_ttl_seconds)
      FROM asked a
    RETURNING price_locks.id, price_locks.expires_at
  )
  SELECT a.n, l.id, l.expires_at, a.premium FROM locked l JOIN asked a ON a.lock_id = l.id;
END
$$;
