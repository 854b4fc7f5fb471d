-- One form per transaction hash (decision 0040). The network a hash belongs to, by asset (the same
-- names as claimNetworkOf in apps/api/src/modules/chain/chain-networks.ts and migration 0018).
CREATE OR REPLACE FUNCTION tx_claim_network(p_ticker text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_ticker WHEN 'USDT' THEN 'ETH' WHEN 'BNB' THEN 'BSC' WHEN 'USDT-BEP20' THEN 'BSC'
    WHEN 'USDT-TRC20' THEN 'TRX' ELSE p_ticker END
$$;
--> statement-breakpoint
-- A hash in its network's one form (apps/api/src/modules/chain/tx-hash.ts gives the same for what
-- it accepts): EVM `0x` + 64 hex in lower case; the UTXO chains, XRP, Tron, Cosmos and Cardano 64
-- hex in lower case; TON 64 hex, its base64 forms read as the same bytes. Stored hashes typed before
-- this check may carry a `0x` where the network writes none or lack the one it writes: read as the
-- same transaction. Anything else stays as it is (hex in lower case).
CREATE OR REPLACE FUNCTION tx_hash_canonical(p_network text, p_hash text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_network IN ('ETH', 'BSC') AND p_hash ~ '^(0[xX])?[0-9a-fA-F]{64}$'
      THEN '0x' || lower(right(p_hash, 64))
    WHEN p_network IN ('BTC', 'LTC', 'ZEC', 'ADA', 'XRP', 'ATOM', 'TRX', 'TON')
      AND p_hash ~ '^(0[xX])?[0-9a-fA-F]{64}$'
      THEN lower(right(p_hash, 64))
    WHEN p_network = 'TON' AND p_hash ~ '^[A-Za-z0-9+/_-]{43}=?$'
      THEN encode(decode(rpad(translate(p_hash, '-_', '+/'), 44, '='), 'base64'), 'hex')
    WHEN p_hash ~ '^(0x)?[0-9a-fA-F]+$' THEN lower(p_hash)
    ELSE p_hash
  END
$$;
--> statement-breakpoint
-- Claims that were one transaction written two ways: the oldest keeps it (as migration 0018 did).
-- A later one still undecided is refused as a new claim would be: a user's deposit awaiting
-- verification fails with the claim's message; a guest exchange waiting for an admin goes back to
-- awaiting its deposit, without the hash. One decided already stays as it was decided.
WITH ranked AS (
  SELECT network, tx_hash,
    row_number() OVER (PARTITION BY network, tx_hash_canonical(network, tx_hash)
      ORDER BY created_at, tx_hash) AS n
  FROM tx_claims
), losers AS (
  DELETE FROM tx_claims c USING ranked r
  WHERE r.n > 1 AND c.network = r.network AND c.tx_hash = r.tx_hash
  RETURNING c.exchange_id, c.deposit_id
), refused_deposits AS (
  UPDATE deposits d
  SET status = 0, admin_notes = 'This transaction hash has already been used for another exchange or deposit.',
    decided_at = now()
  FROM losers l WHERE d.id = l.deposit_id AND d.status = 3
  RETURNING d.id
)
UPDATE guest_exchanges g
SET status = 3, transaction_hash = NULL, sender_address = NULL, confirmed_at = NULL,
  admin_notes = 'This transaction hash has already been used for another exchange or deposit.',
  updated_at = now()
FROM losers l
WHERE g.id = l.exchange_id AND g.status = 2 AND g.network IS NULL AND g.journal_entry_id IS NULL
  AND g.refunded_at IS NULL;
--> statement-breakpoint
UPDATE tx_claims SET tx_hash = tx_hash_canonical(network, tx_hash)
WHERE tx_hash <> tx_hash_canonical(network, tx_hash);
--> statement-breakpoint
-- The hashes shown (deposits, exchanges' deposits, payouts and refunds) in the same form.
UPDATE deposits d SET transaction_hash = tx_hash_canonical(tx_claim_network(a.ticker), d.transaction_hash)
FROM assets a
WHERE a.id = d.asset_id AND d.transaction_hash IS NOT NULL
  AND d.transaction_hash <> tx_hash_canonical(tx_claim_network(a.ticker), d.transaction_hash);
--> statement-breakpoint
UPDATE guest_exchanges g SET transaction_hash = tx_hash_canonical(tx_claim_network(a.ticker), g.transaction_hash)
FROM assets a
WHERE a.id = g.source_asset_id AND g.transaction_hash IS NOT NULL
  AND g.transaction_hash <> tx_hash_canonical(tx_claim_network(a.ticker), g.transaction_hash);
--> statement-breakpoint
-- A refund went out on the source network, a payout on the destination's.
UPDATE guest_exchanges g SET payout_hash = tx_hash_canonical(tx_claim_network(a.ticker), g.payout_hash)
FROM assets a
WHERE a.id = CASE WHEN g.refunded_at IS NULL THEN g.destination_asset_id ELSE g.source_asset_id END
  AND g.payout_hash IS NOT NULL
  AND g.payout_hash <> tx_hash_canonical(tx_claim_network(a.ticker), g.payout_hash);
--> statement-breakpoint
ALTER TABLE "tx_claims" ADD CONSTRAINT "tx_claims_hash_canonical" CHECK ("tx_claims"."tx_hash" = tx_hash_canonical("tx_claims"."network", "tx_claims"."tx_hash"));
