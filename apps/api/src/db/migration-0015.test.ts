import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { expect, it } from 'vitest';
import { auditLedger } from '../modules/ledger/ledger.repository';
import { type Database, migrationsFolder, openPglite, openPostgres } from './client';
import { newPglite } from './pglite';
import { seedReference } from './seed';

/** The migrations folder as it was before 0015 (files and journal up to 0014). */
function foldersUpTo14(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-0014-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= 14);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Money written by the 0005/0006 functions: a funding entry and a settled conversion. */
async function writeOldMoney(query: Query) {
  const id = async (ticker: string) =>
    (await query(`select id from assets where ticker = $1`, [ticker])).rows[0]?.id as string;
  const [usd, btc] = [await id('USD'), await id('BTC')];
  const user = (
    await query(
      `insert into users (email, password_hash, first_name, last_name) values ('old@test.vaultline', 'x', 'O', 'L') returning id`,
    )
  ).rows[0]?.id as string;
  const legs = [
    { owner: 'house', assetId: usd, amount: '-1000' },
    { owner: 'user', userId: user, assetId: usd, amount: '1000' },
  ];
  await query(`select ledger_post('test_fund', 'old-1', null, $1::jsonb)`, [JSON.stringify(legs)]);
  const lock = (
    await query(`select id from convert_lock($1, 0, $2, $3, 0.00001, 1, 100000, 60)`, [user, usd, btc])
  ).rows[0]?.id;
  const settled = await query(`select outcome from convert_settle($1, $2, 0, 100, 99, 0.005)`, [lock, user]);
  expect(settled.rows[0]?.outcome).toBe('OK');
  return { user, usd, btc };
}

it('0015 upgrades a database holding money written before it: legs numbered, ledger clean, settling goes on', async () => {
  const old = foldersUpTo14();
  let database: Database;
  let cleanup = async () => {};
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `t_upgrade_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString() });
    await migratePg(drizzlePg(pool), { migrationsFolder: old });
    await seedReference(drizzlePg(pool) as never);
    await writeOldMoney((t, v) => pool.query(t, v));
    await pool.end();
    database = await openPostgres(url.toString(), 2);
    cleanup = async () => {
      // pool.end() resolves before its connections have left the server (see test/test-app.ts).
      for (let i = 0; i < 100; i++) {
        const r = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        if (r.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const client = newPglite();
    await migratePglite(drizzlePglite(client), { migrationsFolder: old });
    await seedReference(drizzlePglite(client) as never);
    await writeOldMoney((t, v) => client.query(t, v));
    database = await openPglite({ client });
  }
  try {
    const rows = async (t: string, v: unknown[] = []) =>
      base
        ? ((await database.db.execute(t as never)) as unknown as { rows: Record<string, unknown>[] }).rows
        : (await (database.pglite as PGlite).query<Record<string, unknown>>(t, v)).rows;
    const legs = await rows(`select entry_id, string_agg(leg::text, ',' order by leg) as legs
                             from postings group by entry_id order by count(*)`);
    expect(legs.map((r) => r.legs)).toEqual(['1,2', '1,2,3,4,5']);
    expect(await auditLedger(database.db)).toEqual({ unbalanced: [], drift: [], negative: [] });
    const [user] = await rows(`select id from users where email = 'old@test.vaultline'`);
    const [usd] = await rows(`select id from assets where ticker = 'USD'`);
    const [btc] = await rows(`select id from assets where ticker = 'BTC'`);
    const [lock] = await database.run<{ id: string }>(
      { name: 'upgrade_lock', text: `select id from convert_lock($1, 0, $2, $3, 0.00001, 1, 100000, 60)` },
      [user?.id, usd?.id, btc?.id],
    );
    const [settled] = await database.run<{ outcome: string }>(
      { name: 'upgrade_settle', text: `select outcome from convert_settle($1, $2, 0, 100, 99, 0.005)` },
      [lock?.id, user?.id],
    );
    expect(settled?.outcome).toBe('OK');
    expect(await auditLedger(database.db)).toEqual({ unbalanced: [], drift: [], negative: [] });
    const [balance] = await rows(
      `select balance from ledger_accounts where user_id = '${String(user?.id)}' and asset_id = '${String(usd?.id)}'`,
    );
    expect(Number(balance?.balance)).toBe(800);
  } finally {
    await database.close();
    await cleanup();
  }
}, 60_000);
