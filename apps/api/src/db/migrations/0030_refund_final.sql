-- A refund is final (decision 0045): the house never both sends a guest's coins back and
-- pays the exchange out. The service refuses every change to a refunded exchange; the database holds
-- the rule whatever code path writes.
-- 1. A refunded exchange never succeeds. NOT VALID: rows written before this rule are not checked
--    (an exchange the old code refunded and then paid out is the operator's to look at); every row
--    written from now on is.
ALTER TABLE "guest_exchanges" ADD CONSTRAINT "guest_exchanges_refund_final" CHECK ("guest_exchanges"."refunded_at" is null or "guest_exchanges"."status" <> 1) NOT VALID;--> statement-breakpoint
-- 2. One exchange's journal never holds both its payout entry ('guest_exchange': the settlement, manual
--    or on chain) and its refund entry ('guest_exchange_refund'); both name the exchange as their
--    reference. Checked before each insert of either kind under a transaction lock on the reference,
--    so two transactions posting the two kinds at once are taken one after the other and the second
--    sees the first once it committed (a statement in plpgsql reads a fresh snapshot at READ COMMITTED).
--    The lock's two-integer form keeps it apart from the single-key locks of start-up work.
CREATE FUNCTION journal_exchange_payout_or_refund() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_other text := CASE NEW.kind WHEN 'guest_exchange' THEN 'guest_exchange_refund' ELSE 'guest_exchange' END;
BEGIN
  PERFORM pg_advisory_xact_lock(20251, hashtext(NEW.reference));
  IF EXISTS (SELECT 1 FROM journal_entries WHERE kind = v_other AND reference = NEW.reference) THEN
    RAISE EXCEPTION 'exchange % already has a % entry: a refunded exchange is never paid out, nor a paid one refunded',
      NEW.reference, v_other USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER journal_entries_payout_or_refund BEFORE INSERT ON journal_entries
  FOR EACH ROW WHEN (NEW.kind IN ('guest_exchange', 'guest_exchange_refund'))
  EXECUTE FUNCTION journal_exchange_payout_or_refund();
