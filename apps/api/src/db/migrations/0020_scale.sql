-- pg_trgm (a trusted extension: the database owner may create it) for the user search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "list_count_deltas" (
	"list" text NOT NULL,
	"status" smallint NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_counts" (
	"list" text NOT NULL,
	"status" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "list_counts_list_status_pk" PRIMARY KEY("list","status")
);
--> statement-breakpoint
CREATE TABLE "stats_deltas" (
	"source" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"n" bigint NOT NULL,
	"usd" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_hourly" (
	"source" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"n" bigint NOT NULL,
	"usd" numeric NOT NULL,
	CONSTRAINT "stats_hourly_source_hour_pk" PRIMARY KEY("source","hour")
);
--> statement-breakpoint
DROP INDEX "deposits_status_idx";--> statement-breakpoint
ALTER TABLE "guest_exchanges" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversions_settled_idx" ON "conversions" USING btree ("creation_date") WHERE "conversions"."status" = 1;--> statement-breakpoint
CREATE INDEX "guest_exchanges_status_date_idx" ON "guest_exchanges" USING btree ("status","creation_date","id");--> statement-breakpoint
CREATE INDEX "guest_exchanges_date_idx" ON "guest_exchanges" USING btree ("creation_date","id");--> statement-breakpoint
CREATE INDEX "guest_exchanges_settled_idx" ON "guest_exchanges" USING btree ("settled_at") WHERE "guest_exchanges"."settled_at" is not null;--> statement-breakpoint
CREATE INDEX "deposits_date_idx" ON "deposits" USING btree ("creation_date","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("email" || ' ' || lower("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","creation_date","id");--> statement-breakpoint
-- Figures kept by triggers (decision 0029). A trigger appends a delta row and never updates one, so
-- concurrent writers never wait on each other; fold_kept_figures() (a job, every few seconds) moves
-- the deltas into the totals. Inserts and deletes add one delta per statement (from the transition
-- table: a bulk insert adds a few rows, not one per row); a status change, per row.
CREATE FUNCTION list_counts_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_count_deltas (list, status, n)
  SELECT TG_TABLE_NAME, status, count(*) FROM new_rows GROUP BY status;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION list_counts_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_count_deltas (list, status, n)
  SELECT TG_TABLE_NAME, status, -count(*) FROM old_rows GROUP BY status;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION list_counts_restatus() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_count_deltas (list, status, n) VALUES (TG_TABLE_NAME, OLD.status, -1), (TG_TABLE_NAME, NEW.status, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION list_counts_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_counts WHERE list = TG_TABLE_NAME;
  DELETE FROM list_count_deltas WHERE list = TG_TABLE_NAME;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER guest_exchanges_count_insert AFTER INSERT ON guest_exchanges
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_inserted();--> statement-breakpoint
CREATE TRIGGER guest_exchanges_count_delete AFTER DELETE ON guest_exchanges
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_deleted();--> statement-breakpoint
CREATE TRIGGER guest_exchanges_count_status AFTER UPDATE OF status ON guest_exchanges
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION list_counts_restatus();--> statement-breakpoint
CREATE TRIGGER guest_exchanges_count_truncate AFTER TRUNCATE ON guest_exchanges
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncated();--> statement-breakpoint
CREATE TRIGGER deposits_count_insert AFTER INSERT ON deposits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_inserted();--> statement-breakpoint
CREATE TRIGGER deposits_count_delete AFTER DELETE ON deposits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_counts_deleted();--> statement-breakpoint
CREATE TRIGGER deposits_count_status AFTER UPDATE OF status ON deposits
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION list_counts_restatus();--> statement-breakpoint
CREATE TRIGGER deposits_count_truncate AFTER TRUNCATE ON deposits
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncated();--> statement-breakpoint
INSERT INTO list_counts (list, status, n)
  SELECT 'guest_exchanges', status, count(*) FROM guest_exchanges GROUP BY status
  UNION ALL
  SELECT 'deposits', status, count(*) FROM deposits GROUP BY status;--> statement-breakpoint
-- A guest exchange's settlement time: its journal entry's, once it has succeeded (the journal is
-- append-only, so the time never changes); set before the row is written.
CREATE FUNCTION guest_exchanges_settled_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 1 AND NEW.journal_entry_id IS NOT NULL THEN
    NEW.settled_at := (SELECT created_at FROM journal_entries WHERE id = NEW.journal_entry_id);
  ELSE
    NEW.settled_at := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER guest_exchanges_settled_at BEFORE INSERT OR UPDATE OF status, journal_entry_id, settled_at
  ON guest_exchanges FOR EACH ROW EXECUTE FUNCTION guest_exchanges_settled_at();--> statement-breakpoint
UPDATE guest_exchanges e SET settled_at = j.created_at
  FROM journal_entries j WHERE j.id = e.journal_entry_id AND e.status = 1;--> statement-breakpoint
-- The admin stats' figures per hour (UTC): users created, and USD traded at execution (a conversion
-- at its creation, a guest exchange when its success was posted in the ledger: settled_at).
CREATE FUNCTION stats_users_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_deltas (source, hour, n, usd)
  SELECT 'users', date_trunc('hour', creation_date, 'UTC'), count(*), 0 FROM new_rows GROUP BY 2;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Users are never deleted (migration 0015); a changed creation date moves the user's hour.
CREATE FUNCTION stats_user_redated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_deltas (source, hour, n, usd) VALUES
    ('users', date_trunc('hour', OLD.creation_date, 'UTC'), -1, 0),
    ('users', date_trunc('hour', NEW.creation_date, 'UTC'), 1, 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stats_conversions_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_deltas (source, hour, n, usd)
  SELECT 'conversions', date_trunc('hour', creation_date, 'UTC'), count(*), sum(usd_value)
  FROM new_rows WHERE status = 1 GROUP BY 2;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stats_conversions_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_deltas (source, hour, n, usd)
  SELECT 'conversions', date_trunc('hour', creation_date, 'UTC'), -count(*), -sum(usd_value)
  FROM old_rows WHERE status = 1 GROUP BY 2;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stats_conversion_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 1 THEN
    INSERT INTO stats_deltas (source, hour, n, usd)
    VALUES ('conversions', date_trunc('hour', OLD.creation_date, 'UTC'), -1, -OLD.usd_value);
  END IF;
  IF NEW.status = 1 THEN
    INSERT INTO stats_deltas (source, hour, n, usd)
    VALUES ('conversions', date_trunc('hour', NEW.creation_date, 'UTC'), 1, NEW.usd_value);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stats_exchanges_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_deltas (source, hour, n, usd)
  SELECT 'exchanges', date_trunc('hour', settled_at, 'UTC'), count(*), sum(usd_value)
  FROM new_rows WHERE settled_at IS NOT NULL GROUP BY 2;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stats_exchanges_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_deltas (source, hour, n, usd)
  SELECT 'exchanges', date_trunc('hour', settled_at, 'UTC'), -count(*), -sum(usd_value)
  FROM old_rows WHERE settled_at IS NOT NULL GROUP BY 2;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stats_exchange_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.settled_at IS NOT NULL THEN
    INSERT INTO stats_deltas (source, hour, n, usd)
    VALUES ('exchanges', date_trunc('hour', OLD.settled_at, 'UTC'), -1, -OLD.usd_value);
  END IF;
  IF NEW.settled_at IS NOT NULL THEN
    INSERT INTO stats_deltas (source, hour, n, usd)
    VALUES ('exchanges', date_trunc('hour', NEW.settled_at, 'UTC'), 1, NEW.usd_value);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION stats_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stats_hourly WHERE source = TG_ARGV[0];
  DELETE FROM stats_deltas WHERE source = TG_ARGV[0];
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_stats_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_users_inserted();--> statement-breakpoint
CREATE TRIGGER users_stats_date AFTER UPDATE OF creation_date ON users
  FOR EACH ROW WHEN (OLD.creation_date IS DISTINCT FROM NEW.creation_date) EXECUTE FUNCTION stats_user_redated();--> statement-breakpoint
CREATE TRIGGER users_stats_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION stats_truncated('users');--> statement-breakpoint
CREATE TRIGGER conversions_stats_insert AFTER INSERT ON conversions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_conversions_inserted();--> statement-breakpoint
CREATE TRIGGER conversions_stats_delete AFTER DELETE ON conversions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_conversions_deleted();--> statement-breakpoint
CREATE TRIGGER conversions_stats_change AFTER UPDATE OF status, usd_value, creation_date ON conversions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.usd_value IS DISTINCT FROM NEW.usd_value
    OR OLD.creation_date IS DISTINCT FROM NEW.creation_date) EXECUTE FUNCTION stats_conversion_changed();--> statement-breakpoint
CREATE TRIGGER conversions_stats_truncate AFTER TRUNCATE ON conversions
  FOR EACH STATEMENT EXECUTE FUNCTION stats_truncated('conversions');--> statement-breakpoint
CREATE TRIGGER guest_exchanges_stats_insert AFTER INSERT ON guest_exchanges
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_exchanges_inserted();--> statement-breakpoint
CREATE TRIGGER guest_exchanges_stats_delete AFTER DELETE ON guest_exchanges
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_exchanges_deleted();--> statement-breakpoint
-- No column list: settled_at is set by the BEFORE trigger, which a column list would not see.
CREATE TRIGGER guest_exchanges_stats_change AFTER UPDATE ON guest_exchanges
  FOR EACH ROW WHEN (OLD.settled_at IS DISTINCT FROM NEW.settled_at OR OLD.usd_value IS DISTINCT FROM NEW.usd_value)
  EXECUTE FUNCTION stats_exchange_changed();--> statement-breakpoint
CREATE TRIGGER guest_exchanges_stats_truncate AFTER TRUNCATE ON guest_exchanges
  FOR EACH STATEMENT EXECUTE FUNCTION stats_truncated('exchanges');--> statement-breakpoint
INSERT INTO stats_hourly (source, hour, n, usd)
  SELECT 'users', date_trunc('hour', creation_date, 'UTC'), count(*), 0 FROM users GROUP BY 2
  UNION ALL
  SELECT 'conversions', date_trunc('hour', creation_date, 'UTC'), count(*), sum(usd_value)
    FROM conversions WHERE status = 1 GROUP BY 2
  UNION ALL
  SELECT 'exchanges', date_trunc('hour', settled_at, 'UTC'), count(*), sum(usd_value)
    FROM guest_exchanges WHERE settled_at IS NOT NULL GROUP BY 2;--> statement-breakpoint
-- Moves the deltas into the totals, and hours older than the widest window (30 days, and the hour
-- it starts in) into one row per source at '-infinity'. Safe to run concurrently: a delta deleted by
-- one run is skipped by the other; deltas committed meanwhile wait for the next run.
CREATE FUNCTION fold_kept_figures() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  cutoff timestamptz := date_trunc('hour', now() - interval '31 days', 'UTC');
BEGIN
  WITH d AS (DELETE FROM list_count_deltas RETURNING list, status, n)
  INSERT INTO list_counts (list, status, n)
  SELECT list, status, sum(n) FROM d GROUP BY list, status
  ON CONFLICT (list, status) DO UPDATE SET n = list_counts.n + excluded.n;
  WITH d AS (
    DELETE FROM stats_deltas RETURNING source, CASE WHEN hour < cutoff THEN '-infinity' ELSE hour END AS hour, n, usd
  ), old AS (
    DELETE FROM stats_hourly WHERE hour < cutoff AND hour <> '-infinity' RETURNING source, '-infinity'::timestamptz AS hour, n, usd
  )
  INSERT INTO stats_hourly (source, hour, n, usd)
  SELECT source, hour, sum(n), sum(usd) FROM (SELECT * FROM d UNION ALL SELECT * FROM old) m GROUP BY source, hour
  ON CONFLICT (source, hour) DO UPDATE SET n = stats_hourly.n + excluded.n, usd = stats_hourly.usd + excluded.usd;
END $$;
