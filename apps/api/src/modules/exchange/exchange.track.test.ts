import { randomUUID } from 'node:crypto';
import { TransactionStatus } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestExchanges } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  ADDR,
  type Assets,
  BTC_HASH,
  createOk,
  ETH_HASH,
  newBtcHash,
  prepareAssets,
  rowOf,
  validCreate,
} from './exchange.test-helpers';

const EMAIL = 'tracked.guest@example.com';
let t: TestApp;
let a: Assets;
/** Every PublicExchange answer, to check afterwards that none holds the guest's e-mail address. */
const bodies: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
  a = await prepareAssets(t);
});
afterAll(() => t.close());

// Rate-limit counters may live in a shared Redis (REDIS_URL): a fresh client address per run.
const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.request({
    method,
    url: `/api/PublicExchange/${url}`,
    remoteAddress,
    ...(payload ? { payload } : {}),
  });
  bodies.push(res.body);
  return res;
}
const newExchange = async (over: Record<string, unknown> = {}) => {
  const res = await call('POST', 'createExchange', validCreate(a, { userEmail: EMAIL, ...over }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content.id as string;
};
const confirm = (payload: object) => call('POST', 'confirmTransaction', payload);

describe('reading exchanges', () => {
  it('GET exchange/{id} answers the exchange without the e-mail; unknown ids are 404', async () => {
    const id = await newExchange();
    const res = await call('GET', `exchange/${id}`);
    expect(res.statusCode).toBe(200);
    const c = res.json().content;
    expect(c).toMatchObject({
      id,
      exchangeId: id,
      status: TransactionStatus.awaitingVerification,
      amount: '0.01',
      adminWalletAddress: 'HOUSE-DEPOSIT-ADDRESS-0001',
      destinationWalletAddress: ADDR.ETH,
      sourceWalletTicker: 'BTC',
      destinationWalletTicker: 'ETH',
      transactionHash: null,
    });
    expect(c).not.toHaveProperty('userEmail');
    expect(c).not.toHaveProperty('email');
    expect((await call('GET', `exchange/${randomUUID()}`)).json().error.code).toBe('EXCHANGE_NOT_FOUND');
    expect((await call('GET', 'exchange/1')).statusCode).toBe(400);
  });

  it('by ids: only the known ones, the list bounded to 50', async () => {
    const x = await newExchange();
    const y = await newExchange();
    const res = await call('POST', 'exchanges', { ids: [x, randomUUID(), y, x] });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .content.map((e: { id: string }) => e.id)
        .sort(),
    ).toEqual([x, y].sort());
    expect((await call('POST', 'exchanges', { ids: [] })).json().content).toEqual([]);
    const many = Array.from({ length: 51 }, () => randomUUID());
    expect((await call('POST', 'exchanges', { ids: many })).statusCode).toBe(400);
    expect((await call('POST', 'exchanges', { ids: many.slice(0, 50) })).statusCode).toBe(200);
  });
});

describe('POST PublicExchange/confirmTransaction', () => {
  it('needs the id and a hash of the network format; pending afterwards; a second confirm refused', async () => {
    const id = await newExchange();
    expect((await confirm({ transactionHash: BTC_HASH })).statusCode).toBe(400);
    expect((await confirm({ exchangeId: randomUUID(), transactionHash: BTC_HASH })).statusCode).toBe(404);
    for (const transactionHash of [undefined, '', '   ']) {
      const r = await confirm({
        exchangeId: id,
        ...(transactionHash === undefined ? {} : { transactionHash }),
      });
      expect(r.json().error).toMatchObject({
        code: 'HASH_REQUIRED',
        error: 'Please enter a transaction hash.',
      });
    }
    for (const transactionHash of [ETH_HASH, 'ab'.repeat(31), `${'ab'.repeat(31)}zz`]) {
      const r = await confirm({ exchangeId: id, transactionHash });
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toMatchObject({ code: 'INVALID_HASH', params: { ticker: 'BTC' } });
    }
    expect((await rowOf(t, id))?.status).toBe(TransactionStatus.awaitingVerification);
    const hash = newBtcHash();
    const ok = await confirm({ exchangeId: id, transactionHash: hash, senderWalletAddress: ADDR.BTC });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().content).toMatchObject({ status: TransactionStatus.pending, transactionHash: hash });
    expect((await rowOf(t, id))?.senderAddress).toBe(ADDR.BTC);
    const again = await confirm({ exchangeId: id, transactionHash: hash });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'ALREADY_CONFIRMED',
      error: 'This exchange has already been confirmed.',
    });
  });

  it('checks EVM hashes as 0x + 64 hex and refuses an exchange not awaiting its deposit', async () => {
    const id = await newExchange({
      sourceWalletId: a.eth,
      destinationWalletId: a.btc,
      amount: '0.1',
      destinationWalletAddress: ADDR.BTC,
    });
    expect((await confirm({ exchangeId: id, transactionHash: BTC_HASH })).json().error.code).toBe(
      'INVALID_HASH',
    );
    const failed = await newExchange();
    await t.services.db
      .update(guestExchanges)
      .set({ status: TransactionStatus.failed })
      .where(eq(guestExchanges.id, failed));
    const r = await confirm({ exchangeId: failed, transactionHash: BTC_HASH });
    expect(r.statusCode).toBe(409);
    expect(r.json().error.code).toBe('EXCHANGE_NOT_AWAITING');
    expect((await confirm({ exchangeId: id, transactionHash: ETH_HASH })).statusCode).toBe(200);
  });
});

describe('expiry', () => {
  it('fails unpaid exchanges older than the window with the note "Expired", in one pass', async () => {
    const old = await newExchange();
    const paid = await newExchange();
    const fresh = await newExchange();
    await confirm({ exchangeId: paid, transactionHash: newBtcHash() });
    await t.services.db
      .update(guestExchanges)
      .set({ creationDate: sql`now() - interval '31 minutes'` })
      .where(sql`${guestExchanges.id} in (${old}, ${paid})`);
    expect(await t.services.exchange.expire()).toBe(1);
    expect(await rowOf(t, old)).toMatchObject({ status: TransactionStatus.failed, adminNotes: 'Expired' });
    expect((await rowOf(t, paid))?.status).toBe(TransactionStatus.pending);
    expect((await rowOf(t, fresh))?.status).toBe(TransactionStatus.awaitingVerification);
    expect(await t.services.exchange.expire()).toBe(0);
    const r = await confirm({ exchangeId: old, transactionHash: BTC_HASH });
    expect(r.json().error.code).toBe('EXCHANGE_NOT_AWAITING');
  });

  it('runs as a timer job with a short window', async () => {
    const s = await createTestApp({ env: { EXCHANGE_EXPIRY_MINUTES: '0.01' } });
    try {
      const sa = await prepareAssets(s);
      const id = await createOk(s, validCreate(sa));
      const deadline = Date.now() + 30_000; // a loaded machine slows the job, not the rule
      while ((await rowOf(s, id))?.status !== TransactionStatus.failed && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(await rowOf(s, id)).toMatchObject({ status: TransactionStatus.failed, adminNotes: 'Expired' });
    } finally {
      await s.close();
    }
  }, 60_000);
});

describe('status change e-mails (DECISIONS §4)', () => {
  it("e-mails the guest in the guest's language when the exchange is confirmed and when it expires", async () => {
    const to = `status.${randomUUID().slice(0, 8)}@example.com`;
    const subject = 'Votre échange Vaultline a un nouveau statut';
    const paid = await newExchange({ userEmail: to, language: 'fr-fr' });
    await confirm({ exchangeId: paid, transactionHash: newBtcHash() });
    const unpaid = await newExchange({ userEmail: to, language: 'fr-fr' });
    await t.services.db
      .update(guestExchanges)
      .set({ creationDate: sql`now() - interval '31 minutes'` })
      .where(eq(guestExchanges.id, unpaid));
    await t.services.exchange.expire();
    const mails = (await t.services.mail.outbox({ to, limit: 20 })).filter((m) => m.subject === subject);
    expect(mails).toHaveLength(2);
    const pending = mails.find((m) => m.body.includes(`/buy-sell/exchange/${paid}`));
    expect(pending?.body).toContain('Votre échange est maintenant : en cours de vérification.');
    const expired = mails.find((m) => m.body.includes(`/buy-sell/exchange/${unpaid}`));
    expect(expired?.body).toContain('échoué');
    expect(expired?.body).toContain('Expired');
  });
});

describe('e-mail me my exchanges', () => {
  const ask = (email: string) => call('POST', 'emailMyExchanges', { email });
  it('sends the links only when exchanges exist, with the same answer; rate limited', async () => {
    const mine = await newExchange();
    const known = await ask(EMAIL.toUpperCase());
    const unknown = await ask('nobody.here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const sent = await t.services.mail.outbox({ to: EMAIL, limit: 50 });
    const list = sent.find((m) => m.subject === 'Your Vaultline exchanges');
    expect(list?.body).toContain(`/buy-sell/exchange/${mine}`);
    expect(await t.services.mail.outbox({ to: 'nobody.here@example.com', limit: 5 })).toEqual([]);
    expect((await ask('third@example.com')).statusCode).toBe(200);
    const limited = await ask('fourth@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('privacy', () => {
  it('no PublicExchange answer holds the e-mail address', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const b of bodies) {
      expect(b.toLowerCase()).not.toContain(EMAIL);
      expect(b).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    }
  });
});
