-- A partner whose account an admin disables earns nothing more (docs/partners.md): its exchanges not
-- yet successful lose their commission in the transaction that disables it, so no later settlement
-- (an admin's approval, a requote, a payout on chain) credits it, whichever code path runs it. The
-- guest keeps the amount quoted (the house keeps the commission); a requote prices it without one.
-- Enabling the account again does not give it back: its new exchanges earn again.
CREATE FUNCTION partner_disabled_drop_commission() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE guest_exchanges SET partner_commission = 0, partner_commission_rate = 0, updated_at = now()
  WHERE partner_id = NEW.id AND status <> 1
    AND (partner_commission <> 0 OR partner_commission_rate <> 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_partner_disabled AFTER UPDATE OF status ON users
  FOR EACH ROW WHEN (OLD.status = 1 AND NEW.status <> 1) EXECUTE FUNCTION partner_disabled_drop_commission();
