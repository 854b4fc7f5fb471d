-- Ledger rules the database enforces by itself (custom migration; drizzle-kit cannot express triggers).
-- 1. A posting moves a user account's stored balance in the same transaction; the CHECK
--    ledger_accounts_user_balance_nonneg then refuses any negative user balance.
CREATE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND kind = 'user';
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER postings_apply_balance AFTER INSERT ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();
--> statement-breakpoint
-- 2. At commit, every entry's postings sum to zero per asset.
CREATE FUNCTION ledger_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced uuid;
BEGIN
  SELECT asset_id INTO unbalanced FROM postings WHERE entry_id = NEW.entry_id
    GROUP BY asset_id HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not sum to zero for asset %', NEW.entry_id, unbalanced
      USING ERRCODE = 'check_violation', CONSTRAINT = 'postings_entry_balanced';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_entry_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balanced();
--> statement-breakpoint
-- 3. The journal is append-only; a correction is a new entry.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- 4. A stored balance changes only through a posting (trigger depth 2), never by a direct UPDATE.
CREATE FUNCTION ledger_balance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger balances change only through postings' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_balance_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_balance_guard();
