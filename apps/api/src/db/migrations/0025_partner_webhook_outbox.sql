-- Partner webhooks' outbox (DECISIONS §11, decision 0037). A change of a partner's exchange writes its
-- event and one pending delivery per subscribed endpoint in the transaction of the change, whatever
-- code path made it: a rolled-back change leaves no event, a committed one is never lost. The
-- notification (sent at commit) wakes the delivery job at once; the job also polls.
-- The snapshot is the exchange as GET /api/v1/exchanges/{id} shows it (amounts without trailing zeros,
-- the same status words); it is built inline from NEW and one join of the two assets: a SQL function taking the
-- row (and a sub-select per ticker) cost the change twice as much on PGlite.
CREATE FUNCTION partner_exchange_outbox() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE TG_OP WHEN 'INSERT' THEN 'exchange.created' ELSE 'exchange.updated' END;
  event_id uuid;
BEGIN
  INSERT INTO partner_webhook_events (partner_id, exchange_id, type, payload)
  SELECT NEW.partner_id, NEW.id, kind, jsonb_build_object(
    'id', NEW.id,
    -- The partner API's words, as v1Status (v1-exchange-view.ts) says them.
    'status', CASE NEW.status WHEN 3 THEN 'awaiting_deposit' WHEN 1 THEN 'success' WHEN 0 THEN 'failed'
      WHEN -1 THEN 'on_hold'
      ELSE CASE WHEN NEW.hold_reason IS NOT NULL THEN 'on_hold'
        WHEN NEW.network IS NOT NULL AND NEW.chain_resolution IS NULL THEN 'confirming'
        ELSE 'pending' END END,
    'mode', coalesce(NEW.rate_mode, 'fixed'),
    'from', s.ticker,
    'to', d.ticker,
    'amount', trim_scale(NEW.amount)::text,
    'destinationAmount', trim_scale(NEW.destination_amount)::text,
    'rate', trim_scale(NEW.rate)::text,
    'commission', trim_scale(coalesce(NEW.partner_commission, 0))::text,
    'depositAddress', NEW.deposit_address,
    'depositMemo', NULL,
    -- As claimNetworkOf (chain-networks.ts): an asset's chain when not watched.
    'network', coalesce(NEW.network, CASE s.ticker WHEN 'USDT-TRC20' THEN 'TRX' WHEN 'USDT' THEN 'ETH'
      WHEN 'USDT-BEP20' THEN 'BSC' WHEN 'BNB' THEN 'BSC' ELSE s.ticker END),
    'destinationAddress', NEW.destination_address,
    'destinationMemo', NEW.destination_memo,
    'refundAddress', NEW.refund_address,
    'depositConfirmations', NEW.deposit_confirmations,
    'requiredConfirmations', NEW.required_confirmations,
    'payoutHash', NEW.payout_hash,
    'createdAt', to_char(NEW.creation_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM assets s, assets d WHERE s.id = NEW.source_asset_id AND d.id = NEW.destination_asset_id
  RETURNING id INTO event_id;
  INSERT INTO partner_webhook_deliveries (event_id, endpoint_id, partner_id)
  SELECT event_id, e.id, e.partner_id FROM partner_webhook_endpoints e
  WHERE e.partner_id = NEW.partner_id AND e.disabled_at IS NULL AND e.deleted_at IS NULL
    AND kind = ANY (e.events);
  -- One notification per transaction (same channel and payload are folded), only when there is work.
  IF FOUND THEN
    PERFORM pg_notify('partner_webhooks', '');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER guest_exchanges_partner_created AFTER INSERT ON guest_exchanges
  FOR EACH ROW WHEN (NEW.partner_id IS NOT NULL) EXECUTE FUNCTION partner_exchange_outbox();--> statement-breakpoint
CREATE TRIGGER guest_exchanges_partner_updated
  AFTER UPDATE OF status, destination_amount, deposit_confirmations, payout_hash, transaction_hash, hold_reason,
    chain_resolution ON guest_exchanges
  FOR EACH ROW WHEN (NEW.partner_id IS NOT NULL AND (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.destination_amount IS DISTINCT FROM NEW.destination_amount
    OR OLD.hold_reason IS DISTINCT FROM NEW.hold_reason OR OLD.chain_resolution IS DISTINCT FROM NEW.chain_resolution
    OR OLD.deposit_confirmations IS DISTINCT FROM NEW.deposit_confirmations
    OR OLD.payout_hash IS DISTINCT FROM NEW.payout_hash OR OLD.transaction_hash IS DISTINCT FROM NEW.transaction_hash))
  EXECUTE FUNCTION partner_exchange_outbox();
