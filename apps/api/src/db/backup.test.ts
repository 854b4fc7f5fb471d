import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createOk, newBtcHash, prepareAssets, validCreate } from '../modules/exchange/exchange.test-helpers';
import { auditLedger } from '../modules/ledger/ledger.repository';
import { assetId, fund, makeUser } from '../modules/ledger/ledger.test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { BackupError, type BackupTarget, backup, pgliteDir, restore } from './backup';
import { openDatabase, openPostgres } from './client';
import { seedReference } from './seed';

/**
 * The backup and restore routine of docs/operations.md, on the database the suite runs on (the
 * embedded one, or PostgreSQL with DATABASE_URL): a database filled through the API, backed up,
 * restored into a new one, answers the same ledger audit, balances and history.
 */
const BASE = process.env.DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../../../..');
const dirs: string[] = [];
const dropped: string[] = [];
const tmp = (name: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), `vaultline-backup-${name}-`));
  dirs.push(d);
  return d;
};

/** A new, empty target: a database of its own on PostgreSQL, a new DATA_DIR otherwise. */
async function newTarget(name: string): Promise<BackupTarget> {
  if (!BASE) return { databaseUrl: undefined, dataDir: tmp(name) };
  const db = `backup_${name.replaceAll('-', '_')}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db} TEMPLATE template0`);
  await admin.end();
  dropped.push(db);
  const url = new URL(BASE);
  url.pathname = `/${db}`;
  return { databaseUrl: url.toString(), dataDir: tmp(name) };
}

async function appOn(target: BackupTarget): Promise<TestApp> {
  const database = target.databaseUrl
    ? await openPostgres(target.databaseUrl, 5)
    : await openDatabase({ databaseUrl: undefined, dataDir: target.dataDir });
  await seedReference(database.db);
  return createTestApp({ database });
}

afterAll(async () => {
  if (!BASE) return;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  for (const db of dropped) await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin.end();
});

/** What must come back the same: the ledger's audit and totals, a user's balances and history. */
async function state(t: TestApp, token: string) {
  const get = async (url: string) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().content;
  };
  const totals = await t.services.db.execute(
    sql`select count(*)::int as entries, (select count(*)::int from postings) as postings,
          (select sum(amount)::text from postings where amount > 0) as moved
        from journal_entries`,
  );
  return {
    audit: await auditLedger(t.services.db),
    totals: (totals as unknown as { rows: unknown[] }).rows,
    wallets: await get('/api/Wallets'),
    history: await get('/api/History?page=1&pageSize=50'),
  };
}

describe(`backup and restore (${BASE ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('a database filled through the API comes back the same: ledger audit, balances, history', async () => {
    const source = await newTarget('source');
    const t = await appOn(source);
    // Money moved through the API: a funded user converts twice, makes a guest exchange and
    // announces a crypto deposit that an admin approves.
    const u = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    await fund(t, u.id, 'USD', '1000');
    const [usd, btc] = [await assetId(t, 'USD'), await assetId(t, 'BTC')];
    for (const amount of ['120.5', '99.99']) {
      const lock = await t.request({
        method: 'POST',
        url: '/api/AssetConvert/lock',
        token: u.token,
        payload: { leftAssetId: usd, rightAssetId: btc },
      });
      const res = await t.request({
        method: 'POST',
        url: '/api/AssetConvert/convert',
        token: u.token,
        payload: { transactionLockId: lock.json().content.id, amount },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await createOk(t, validCreate(await prepareAssets(t)));
    const notified = await t.request({
      method: 'POST',
      url: '/api/Payment/crypto/notify',
      token: u.token,
      payload: { assetId: btc, amount: '0.015', transactionHash: newBtcHash() },
    });
    expect(notified.statusCode, notified.body).toBe(200);
    const approved = await t.request({
      method: 'POST',
      url: `/api/Admin/deposits/${notified.json().content}/approve`,
      token: admin.token,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const before = await state(t, u.token);
    expect(before.audit).toEqual({ unbalanced: [], drift: [], negative: [] });
    expect(before.history.total).toBe(3);
    await t.close();

    const file = path.join(tmp('file'), BASE ? 'vaultline.dump' : 'vaultline.tar.gz');
    const made = await backup(source, file);
    expect(made).toMatchObject({ kind: BASE ? 'postgres' : 'pglite' });
    expect(made.bytes).toBeGreaterThan(1000);

    const copy = await newTarget('copy');
    await restore(copy, file);
    const r = await appOn(copy);
    try {
      // The same tokens still work: same users, same secrets.
      expect(await state(r, u.token)).toEqual(before);
      // A second restore over it is refused: nothing is ever overwritten.
      await expect(restore(copy, file)).rejects.toThrow(/not empty/);
    } finally {
      await r.close();
    }
  }, 120_000);

  it('refuses what would lose or mix data, with a clear reason', async () => {
    const target = await newTarget('refusals');
    const junk = path.join(tmp('junk'), 'not-a-backup');
    writeFileSync(junk, 'hello');
    await expect(restore(target, junk)).rejects.toThrow(BackupError);
    await expect(restore(target, junk)).rejects.toThrow(/not a Vaultline backup/);
    await expect(restore(target, path.join(tmp('none'), 'missing'))).rejects.toThrow(/Cannot read/);
    if (!BASE) {
      // The embedded database open in a server is not copied behind its back.
      await expect(backup({ databaseUrl: undefined, dataDir: tmp('empty') }, junk)).rejects.toThrow(
        /No embedded database/,
      );
      const t = await appOn(target);
      try {
        await expect(backup(target, path.join(tmp('open'), 'b.tar.gz'))).rejects.toThrow(
          /stop the server first/,
        );
      } finally {
        await t.close();
      }
      expect(existsSync(path.join(pgliteDir(target.dataDir), 'postmaster.pid'))).toBe(false);
    }
  }, 60_000);

  it('npm run db:backup and db:restore do it from the command line', async () => {
    const source = await newTarget('cli');
    const t = await appOn(source);
    const u = await makeUser(t);
    await fund(t, u.id, 'USD', '250');
    const before = await state(t, u.token);
    await t.close();
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: source.databaseUrl ?? '',
      DATA_DIR: source.dataDir,
    };
    const file = path.join(tmp('cli-file'), 'backup');
    const npm = (args: string[], over: Record<string, string>) =>
      spawnSync('npm', ['run', '--silent', ...args], {
        cwd: root,
        env: { ...env, ...over },
        encoding: 'utf8',
      });
    const made = npm(['db:backup', '--', file], {});
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain(`to ${file}`);
    const copy = await newTarget('cli-copy');
    const restored = npm(['db:restore', '--', file], {
      DATABASE_URL: copy.databaseUrl ?? '',
      DATA_DIR: copy.dataDir,
    });
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Restored');
    const again = npm(['db:restore', '--', file], {
      DATABASE_URL: copy.databaseUrl ?? '',
      DATA_DIR: copy.dataDir,
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/not empty/);
    const r = await appOn(copy);
    try {
      expect(await state(r, u.token)).toEqual(before);
    } finally {
      await r.close();
    }
  }, 120_000);
});
