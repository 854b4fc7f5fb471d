-- The back office's premium payments list counts its rows from the kept figures (decision 0029), as
-- the deposits and exchanges lists do: premium payments have no status, so all count under 0.
CREATE FUNCTION list_counts_inserted_unstatused() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_count_deltas (list, status, n)
  SELECT TG_TABLE_NAME, 0, count(*) FROM new_rows HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION list_counts_deleted_unstatused() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_count_deltas (list, status, n)
  SELECT TG_TABLE_NAME, 0, -count(*) FROM old_rows HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER premium_payments_count_insert AFTER INSERT ON premium_payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_inserted_unstatused();--> statement-breakpoint
CREATE TRIGGER premium_payments_count_delete AFTER DELETE ON premium_payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_deleted_unstatused();--> statement-breakpoint
CREATE TRIGGER premium_payments_count_truncate AFTER TRUNCATE ON premium_payments
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncated();--> statement-breakpoint
INSERT INTO list_counts (list, status, n)
SELECT 'premium_payments', 0, count(*) FROM premium_payments HAVING count(*) > 0;
