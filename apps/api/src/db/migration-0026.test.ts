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
import { adminPartnerStats } from '../modules/partners/earnings/earnings.repository';
import { type Database, migrationsFolder, openPglite, openPostgres } from './client';
import { newPglite } from './pglite';
import { seedReference } from './seed';

/** The migrations folder as it was before 0026 (files and journal up to 0025). */
function foldersUpTo25(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-0025-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= 25);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Partners and exchanges made before 0026: one partner with exchanges of every status (one with a
 * zero rate and one without commission, which earn nothing), one partner with none, and a guest's
 * exchange of no partner.
 */
async function writeOldExchanges(query: Query) {
  const id = async (ticker: string) =>
    (await query(`select id from assets where ticker = $1`, [ticker])).rows[0]?.id as string;
  const [btc, eth] = [await id('BTC'), await id('ETH')];
  const partner = async (email: string) => {
    const user = (
      await query(
        `insert into users (email, password_hash, first_name, last_name) values ($1, 'x', 'P', 'A') returning id`,
        [email],
      )
    ).rows[0]?.id as string;
    await query(`insert into partners (user_id, max_commission, commission) values ($1, 0.03, 0.02)`, [user]);
    return user;
  };
  const busy = await partner('busy.partner@test.vaultline');
  const idle = await partner('idle.partner@test.vaultline');
  const rows: [string | null, number, string, string, string, string | null][] = [
    // partner, status, amount, rate, usd_value, commission
    [busy, 1, '0.01', '15.123456789', '612.34', '0.003024691358'],
    [busy, 1, '0.25', '14.9', '15012.5', '0.0745'],
    [busy, 1, '0.5', '0', '300', '0.01'],
    [busy, 1, '0.2', '15', '120.10', null],
    [busy, 0, '0.3', '15', '180', '0.09'],
    [busy, 2, '0.3', '15', '180', '0.09'],
    [busy, 3, '0.3', '15', '180', '0.09'],
    [null, 1, '1', '15', '600', null],
  ];
  for (const [p, status, amount, rate, usd, commission] of rows)
    await query(
      `insert into guest_exchanges (source_asset_id, destination_asset_id, amount, destination_amount, rate, fee,
         fee_rate, usd_value, email, deposit_address, destination_address, status, partner_id, partner_commission)
       values ($1, $2, $3, 1, $4, 0, 0, $5, 'g@example.net', 'a', 'b', $6, $7, $8)`,
      [btc, eth, amount, rate, usd, status, p, commission],
    );
  return { busy, idle };
}

it('0026 fills partner_stats from the exchanges made before it; the list shows what it summed then', async () => {
  const old = foldersUpTo25();
  let database: Database;
  let partners: { busy: string; idle: string };
  let cleanup = async () => {};
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `t_upgrade26_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString() });
    await migratePg(drizzlePg(pool), { migrationsFolder: old });
    await seedReference(drizzlePg(pool) as never);
    partners = await writeOldExchanges((t, v) => pool.query(t, v));
    await pool.end();
    // Opening migrates to the latest: 0026 runs over the rows above.
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
    partners = await writeOldExchanges((t, v) => client.query(t, v));
    database = await openPglite({ client });
  }
  try {
    const rows = async (t: string) =>
      base
        ? ((await database.db.execute(t as never)) as unknown as { rows: Record<string, unknown>[] }).rows
        : (await (database.pglite as PGlite).query<Record<string, unknown>>(t)).rows;
    // The list's sum before 0026 (its query then), unrounded, next to the kept figures.
    const [busy] = await rows(`
      select count(*)::int as exchanges, (count(*) filter (where e.status = 1))::int as successful,
             coalesce(sum(e.usd_value) filter (where e.status = 1), 0) = k.volume_usd as same_volume,
             coalesce(sum(e.partner_commission * e.usd_value / (e.amount * e.rate))
                        filter (where e.status = 1 and e.partner_commission > 0 and e.rate > 0), 0) = k.earnings_usd
               as same_earnings,
             k.exchanges as kept_exchanges, k.successful_exchanges as kept_successful
      from guest_exchanges e join partner_stats k on k.partner_id = e.partner_id
      where e.partner_id = '${partners.busy}' group by k.partner_id`);
    expect(busy).toEqual({
      exchanges: 7,
      successful: 4,
      same_volume: true,
      same_earnings: true,
      kept_exchanges: 7,
      kept_successful: 4,
    });
    // No exchanges, no row (the list reads zeros); no row for the guest's exchange.
    expect(await rows(`select partner_id from partner_stats`)).toEqual([{ partner_id: partners.busy }]);
    const listed = await adminPartnerStats(database.db);
    // volume 612.34 + 15012.5 + 300 + 120.10; earnings only the first two (zero rate, no commission):
    // 0.003024691358 × 612.34 / (0.01 × 15.123456789) + 0.0745 × 15012.5 / (0.25 × 14.9) = 12.2468 + 300.25.
    expect(listed.find((r) => r.user_id === partners.busy)).toMatchObject({
      exchanges: 7,
      successful: 4,
      volume_usd: '16044.94',
      earnings_usd: '312.50',
    });
    expect(listed.find((r) => r.user_id === partners.idle)).toMatchObject({
      exchanges: 0,
      successful: 0,
      volume_usd: '0.00',
      earnings_usd: '0.00',
    });
  } finally {
    await database.close();
    await cleanup();
  }
}, 60_000);
