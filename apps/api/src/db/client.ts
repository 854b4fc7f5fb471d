import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { newPglite } from './pglite';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every repository takes: PGlite or node-postgres behind one type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository function accepts the database or an open transaction. */
export type DbOrTx = Db | Tx;

/**
 * A hot statement, written once in SQL. On PostgreSQL it is prepared once per connection (by name)
 * and only bound and executed after that; nothing builds its text again per call.
 */
export interface Statement {
  name: string;
  text: string;
}
export type RunStatement = <T>(statement: Statement, params: unknown[]) => Promise<T[]>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a prepared statement outside any transaction (it is one itself). */
  run: RunStatement;
  /** The embedded client, for snapshots in tests. */
  pglite?: PGlite;
  /**
   * Runs `fn` while no other API process starting on this database runs its own (PostgreSQL: a
   * session advisory lock on a connection of its own; PGlite has one process). Start-up work that
   * is not safe twice at once (migrations, seeding the demo and the first admin) goes here.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** PostgreSQL's connection pool now (metrics); the embedded database has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** The advisory lock key of start-up work ("vltn" in ASCII; any fixed key works). */
const STARTUP_LOCK = 0x766c746e;

async function exclusiveOn<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  // node-postgres and its drizzle driver are loaded only for PostgreSQL: the embedded database's
  // start does not pay for them (docs/performance.md).
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // node-postgres would turn numeric into JS strings already; dates stay Date. Keep bigint as string.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);
  // No JIT compilation: every statement here is short, and PostgreSQL's JIT, triggered by a cost
  // estimate, spent 10-40 ms compiling the admin stats (estimated from a guess of the rows of one
  // hour) to run them in 2 ms (docs/performance.md, "Back office at a million rows").
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several instances may start at once on a new database: one migrates, the others wait.
  await exclusiveOn(pool, () => migratePg(drizzlePg(pool), { migrationsFolder }));
  const run: RunStatement = async (st, values) =>
    (await pool.query({ name: st.name, text: st.text, values })).rows;
  return {
    db,
    kind: 'postgres',
    run,
    exclusive: (fn) => exclusiveOn(pool, fn),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * Opens an embedded PGlite; `dataDir` undefined keeps it in memory. `migrated`: the data dir was just
 * copied from the build's template, made from these very migrations (db/pglite-template.ts), so
 * drizzle's check (reading and hashing every migration file, ~0.1 s) is skipped.
 */
export async function openPglite(
  opts: { dataDir?: string; client?: PGlite; migrated?: boolean } = {},
): Promise<Database> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.client ?? newPglite(opts.dataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (!opts.migrated) await migratePglite(drizzlePglite(client), { migrationsFolder });
  // In process there is no round trip to save; PGlite parses the statement each time.
  const run: RunStatement = async <T>(st: Statement, values: unknown[]) =>
    (await client.query<T>(st.text, values)).rows;
  return { db, kind: 'pglite', pglite: client, run, exclusive: (fn) => fn(), close: () => client.close() };
}

export function openDatabase(
  cfg: { databaseUrl: string | undefined; databasePoolSize?: number; dataDir: string },
  opts: { fromTemplate?: boolean } = {},
): Promise<Database> {
  return cfg.databaseUrl
    ? openPostgres(cfg.databaseUrl, cfg.databasePoolSize)
    : openPglite({ dataDir: path.join(cfg.dataDir, 'pglite'), migrated: opts.fromTemplate === true });
}
