import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, sepaBatches, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditOf, get, post } from '../admin/admin.test-helpers';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { insertHold } from '../ledger/spending-holds';
import {
  balancesOf,
  eventRecorder,
  IBAN_DE,
  IBAN_FR,
  makeWithdrawal,
  SEPA_ENV,
  withdrawalRow,
} from './admin-withdrawals.test-helpers';

const XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'pain.001.001.03.xsd');
const dir = mkdtempSync(path.join(tmpdir(), 'sepa-'));

/** Runs xmllint against the ISO 20022 schema: throws (with its message) when the file is not valid. */
function validate(xml: string): void {
  const file = path.join(dir, `batch-${Date.now()}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error("xmllint is not installed: sudo apt-get install -y libxml2-utils (Debian's package)");
    throw err;
  }
}

/** The transfers of a file: end-to-end id (the withdrawal id without dashes), IBAN, amount. */
function transfersOf(xml: string) {
  return [...xml.matchAll(/<CdtTrfTxInf>(.*?)<\/CdtTrfTxInf>/gs)].map(([, tx = '']) => ({
    id: /<EndToEndId>(.*?)<\/EndToEndId>/.exec(tx)?.[1],
    iban: /<IBAN>(.*?)<\/IBAN>/.exec(tx)?.[1],
    amount: /<InstdAmt Ccy="EUR">(.*?)<\/InstdAmt>/.exec(tx)?.[1],
    name: /<Cdtr><Nm>(.*?)<\/Nm>/.exec(tx)?.[1],
  }));
}
const e2e = (id: string) => id.replaceAll('-', '');

describe('SEPA batches without the debtor settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a new batch answers 503 SEPA_NOT_CONFIGURED and takes no withdrawal; the list still answers', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const u = await makeUser(t);
    const w = await makeWithdrawal(t, u.id, { ticker: 'EUR', amount: '10.00', status: 'queued' });
    const made = await post(t, '/Admin/withdrawals/sepa-batches', admin.token);
    expect(made.statusCode).toBe(503);
    expect(made.json().error.code).toBe('SEPA_NOT_CONFIGURED');
    const list = await get(t, '/Admin/withdrawals/sepa-batches', admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().content.items).toEqual([]);
    expect((await withdrawalRow(t, w.id))?.status).toBe('queued');
  });
});

describe('SEPA batches', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  const events = eventRecorder();
  beforeAll(async () => {
    t = await createTestApp({ env: SEPA_ENV, overrides: { withdrawalEvents: events } });
    admin = await makeUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('gathers exactly the queued EUR bank withdrawals into a file that validates against pain.001.001.03', async () => {
    const jurgen = await makeUser(t);
    await t.services.db
      .update(users)
      .set({ firstName: 'Jürgen', lastName: 'Müller' })
      .where(eq(users.id, jurgen.id));
    const ann = await makeUser(t);
    const a = await makeWithdrawal(t, jurgen.id, {
      ticker: 'EUR',
      amount: '100.00',
      fee: '1.00',
      status: 'queued',
    });
    const b = await makeWithdrawal(t, ann.id, {
      ticker: 'EUR',
      amount: '0.10',
      status: 'queued',
      iban: IBAN_FR,
    });
    const c = await makeWithdrawal(t, ann.id, {
      ticker: 'EUR',
      amount: '2500.55',
      status: 'queued',
      iban: IBAN_FR,
    });
    const inReview = await makeWithdrawal(t, ann.id, { ticker: 'EUR', amount: '9.00' });
    const usd = await makeWithdrawal(t, ann.id, { ticker: 'USD', amount: '9.00', status: 'queued' });

    const noFactor = await makeUser(t, { role: 'admin', twoFactor: false });
    expect((await post(t, '/Admin/withdrawals/sepa-batches', noFactor.token)).statusCode).toBe(403);
    expect((await withdrawalRow(t, a.id))?.sepaBatchId).toBeNull();

    const res = await post(t, '/Admin/withdrawals/sepa-batches', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json().content;
    expect(batch).toMatchObject({ status: 'open', count: 3, total: '2600.65', paidAt: null });
    expect(batch.withdrawalIds).toEqual([a.id, b.id, c.id]);
    for (const w of [a, b, c])
      expect(await withdrawalRow(t, w.id)).toMatchObject({ status: 'sending', sepaBatchId: batch.id });
    for (const w of [inReview, usd])
      expect(await withdrawalRow(t, w.id)).toMatchObject({ sepaBatchId: null });
    expect(events.rows.map((r) => [r.id, r.status])).toEqual([
      [a.id, 'sending'],
      [b.id, 'sending'],
      [c.id, 'sending'],
    ]);
    expect(await auditOf(t, batch.id, 'sepaBatch.create')).toHaveLength(1);

    const file = await get(t, `/Admin/withdrawals/sepa-batches/${batch.id}/file`, admin.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/xml/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${batch.messageId}.xml"`);
    const xml = file.body;
    validate(xml);
    expect(xml).toContain(`<MsgId>${batch.messageId}</MsgId>`);
    expect([...xml.matchAll(/<NbOfTxs>(\d+)<\/NbOfTxs>/g)].map((m) => m[1])).toEqual(['3', '3']);
    expect([...xml.matchAll(/<CtrlSum>([\d.]+)<\/CtrlSum>/g)].map((m) => m[1])).toEqual([
      '2600.65',
      '2600.65',
    ]);
    expect(xml).toContain(`<IBAN>${SEPA_ENV.SEPA_DEBTOR_IBAN}</IBAN>`);
    expect(xml).toContain(`<BIC>${SEPA_ENV.SEPA_DEBTOR_BIC}</BIC>`);
    expect(transfersOf(xml)).toEqual([
      { id: e2e(a.id), iban: IBAN_DE, amount: '100.00', name: 'Jürgen Müller' },
      { id: e2e(b.id), iban: IBAN_FR, amount: '0.10', name: 'Test User' },
      { id: e2e(c.id), iban: IBAN_FR, amount: '2500.55', name: 'Test User' },
    ]);

    // Nothing left to batch: refused, and no empty batch is left behind.
    const again = await post(t, '/Admin/withdrawals/sepa-batches', admin.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('SEPA_NOTHING_TO_BATCH');
    const list = (await get(t, '/Admin/withdrawals/sepa-batches', admin.token)).json().content.items;
    expect(list.map((x: { id: string }) => x.id)).toEqual([batch.id]);
    expect(list[0].withdrawalIds).toEqual([a.id, b.id, c.id]);

    // The bank returns one: failed, its money back; the rest are paid and complete.
    const failed = await post(t, `/Admin/withdrawals/${b.id}/failed`, admin.token, {
      note: 'account closed',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await balancesOf(t, ann.id, 'EUR')).toEqual({ available: 0.1, held: 2509.55 });
    const paid = await post(t, `/Admin/withdrawals/sepa-batches/${batch.id}/paid`, admin.token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().content).toMatchObject({ status: 'paid' });
    expect(await withdrawalRow(t, a.id)).toMatchObject({ status: 'completed' });
    expect(await withdrawalRow(t, b.id)).toMatchObject({ status: 'failed' });
    expect(await withdrawalRow(t, c.id)).toMatchObject({ status: 'completed' });
    expect(await balancesOf(t, jurgen.id, 'EUR')).toEqual({ available: 0, held: 0 });
    expect(await balancesOf(t, ann.id, 'EUR')).toEqual({ available: 0.1, held: 9 });
    expect(await auditOf(t, batch.id, 'sepaBatch.paid')).toHaveLength(1);
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });

    const twice = await post(t, `/Admin/withdrawals/sepa-batches/${batch.id}/paid`, admin.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('SEPA_BATCH_PAID');
    expect(await auditOf(t, batch.id, 'sepaBatch.paid')).toHaveLength(1);
    const unknown = await get(
      t,
      '/Admin/withdrawals/sepa-batches/00000000-0000-4000-8000-000000000000/file',
      admin.token,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('SEPA_BATCH_NOT_FOUND');
  });

  it('never puts a withdrawal in two batches when two admins make one at once', async () => {
    const other = await makeUser(t, { role: 'admin' });
    const u = await makeUser(t);
    const made = [];
    for (let i = 0; i < 6; i++)
      made.push(await makeWithdrawal(t, u.id, { ticker: 'EUR', amount: `${i + 1}.25`, status: 'queued' }));
    const before = (await t.services.db.select().from(sepaBatches)).length;
    const answers = await Promise.all(
      [admin, other, admin, other].map((who) => post(t, '/Admin/withdrawals/sepa-batches', who.token)),
    );
    for (const r of answers) expect([200, 400], r.body).toContain(r.statusCode);
    const batches = answers.filter((r) => r.statusCode === 200).map((r) => r.json().content);
    expect(batches.length).toBeGreaterThanOrEqual(1);
    const taken = batches.flatMap((b) => b.withdrawalIds as string[]);
    expect(taken.sort()).toEqual(made.map((w) => w.id).sort());
    expect(new Set(taken).size).toBe(taken.length);
    for (const b of batches) {
      const xml = (await get(t, `/Admin/withdrawals/sepa-batches/${b.id}/file`, admin.token)).body;
      validate(xml);
      expect(transfersOf(xml).map((x) => x.id)).toEqual(b.withdrawalIds.map(e2e));
    }
    expect((await t.services.db.select().from(sepaBatches)).length).toBe(before + batches.length);
  });

  it('leaves out a withdrawal whose bank account is no longer approved (rejected, or replaced by another IBAN)', async () => {
    const ok = await makeUser(t);
    const rejected = await makeUser(t);
    const moved = await makeUser(t);
    const good = await makeWithdrawal(t, ok.id, { ticker: 'EUR', amount: '11.00', status: 'queued' });
    const r = await makeWithdrawal(t, rejected.id, { ticker: 'EUR', amount: '12.00', status: 'queued' });
    const m = await makeWithdrawal(t, moved.id, { ticker: 'EUR', amount: '13.00', status: 'queued' });
    // After the requests: the back office rejects one account; the other user enters a new IBAN
    // (not processed yet), so the one the withdrawal names is no longer theirs on record.
    await t.services.db.update(bankAccounts).set({ status: -1 }).where(eq(bankAccounts.userId, rejected.id));
    await t.services.db
      .update(bankAccounts)
      .set({ iban: IBAN_FR, status: 0 })
      .where(eq(bankAccounts.userId, moved.id));

    const res = await post(t, '/Admin/withdrawals/sepa-batches', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json().content;
    expect(batch.withdrawalIds).toEqual([good.id]);
    const xml = (await get(t, `/Admin/withdrawals/sepa-batches/${batch.id}/file`, admin.token)).body;
    expect(transfersOf(xml).map((x) => x.id)).toEqual([e2e(good.id)]);
    for (const w of [r, m])
      expect(await withdrawalRow(t, w.id)).toMatchObject({ status: 'queued', sepaBatchId: null });
  });

  it('leaves out a withdrawal of a user with an open spending hold (a card payment taken back since)', async () => {
    const ok = await makeUser(t);
    const owes = await makeUser(t);
    const good = await makeWithdrawal(t, ok.id, { ticker: 'EUR', amount: '14.00', status: 'queued' });
    const held = await makeWithdrawal(t, owes.id, { ticker: 'EUR', amount: '15.00', status: 'queued' });
    await insertHold(t.services.db, {
      userId: owes.id,
      assetId: await assetId(t, 'EUR'),
      amount: '300',
      reason: 'card_dispute',
      sourceId: randomUUID(),
    });
    const res = await post(t, '/Admin/withdrawals/sepa-batches', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.withdrawalIds).toEqual([good.id]);
    expect(await withdrawalRow(t, held.id)).toMatchObject({ status: 'queued', sepaBatchId: null });
  });
});
