import { conversionQuote, Decimal, TransactionStatus, toPlain } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SETTING_KEYS } from '../system/system.service';
import {
  ADDR,
  type Assets,
  countExchanges,
  create,
  createOk,
  prepareAssets,
  rowOf,
  validCreate,
} from './exchange.test-helpers';

let t: TestApp;
let a: Assets;
beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
});
afterAll(() => t.close());

async function refused(over: Record<string, unknown>, status: number, code: string, message?: string) {
  const before = await countExchanges(t);
  const res = await create(t, validCreate(a, over));
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  if (message) expect(res.json().error.error).toBe(message);
  expect(await countExchanges(t)).toBe(before);
  return res.json().error;
}

describe('POST PublicExchange/createExchange checks (DECISIONS §4 order, nothing stored)', () => {
  it('refuses a fiat asset on either side', async () => {
    const msg = 'Both assets of an exchange must be crypto-currencies.';
    await refused({ sourceWalletId: a.usd }, 400, 'EXCHANGE_NOT_CRYPTO', msg);
    await refused({ destinationWalletId: a.usd }, 400, 'EXCHANGE_NOT_CRYPTO', msg);
  });

  it('refuses the same asset twice and an unknown asset', async () => {
    await refused({ destinationWalletId: a.btc }, 400, 'SAME_ASSET', 'Choose two different assets.');
    await refused({ sourceWalletId: '00000000-0000-4000-8000-000000000000' }, 404, 'ASSET_NOT_FOUND');
  });

  it('refuses a source without a deposit address, with the spec message', async () => {
    const e = await refused(
      { sourceWalletId: a.ltc },
      400,
      'ADDRESS_NOT_CONFIGURED',
      'No deposit address has been configured for LTC. Please contact support.',
    );
    expect(e.params).toEqual({ ticker: 'LTC' });
  });

  it('refuses zero, negative, non-numeric and over-precise amounts', async () => {
    for (const amount of ['0', '-1', 'abc', '', '1e3', '0.000'])
      await refused({ amount }, 400, 'INVALID_AMOUNT', 'Please enter a valid amount greater than zero.');
    const e = await refused({ amount: '0.123456789' }, 400, 'TOO_MANY_DECIMALS');
    expect(e.params).toEqual({ ticker: 'BTC', decimals: 8 });
  });

  it('enforces the server minimum in USD, whatever the client thinks', async () => {
    // 0.001 BTC is about 61 USD with the static prices: below the default 99.
    const e = await refused({ amount: '0.001', minimumTransactionAmount: '1' }, 400, 'BELOW_MINIMUM');
    expect(e.params).toMatchObject({ minimumUsd: '99', ticker: 'BTC' });
    await t.services.system.setSetting(SETTING_KEYS.minimumTransactionAmount, '50');
    try {
      const id = await createOk(t, validCreate(a, { amount: '0.001' }));
      expect((await rowOf(t, id))?.usdValue).toBeDefined();
      await t.services.system.setSetting(SETTING_KEYS.minimumTransactionAmount, '1000');
      await refused({ amount: '0.01' }, 400, 'BELOW_MINIMUM');
    } finally {
      await t.services.system.setSetting(SETTING_KEYS.minimumTransactionAmount, '99');
    }
  });

  it('refuses a malformed e-mail', async () => {
    for (const userEmail of ['', 'nobody', 'a@b', 'a@b.c', 'a b@example.com', '@example.com'])
      await refused({ userEmail }, 400, 'INVALID_EMAIL', 'Please provide a valid email address.');
  });

  it('checks the destination address for its network', async () => {
    const msg = 'Please provide a valid wallet address.';
    await refused({ destinationWalletAddress: '' }, 400, 'INVALID_WALLET_ADDRESS', msg);
    await refused({ destinationWalletAddress: ADDR.BTC }, 400, 'INVALID_WALLET_ADDRESS', msg);
    await refused(
      { destinationWalletAddress: '0x742d35Cc6634C0532925a3b844Bc454e4438f44' },
      400,
      'INVALID_WALLET_ADDRESS',
    );
    await refused(
      {
        destinationWalletId: a.btc,
        sourceWalletId: a.eth,
        amount: '0.1',
        destinationWalletAddress: ADDR.ETH,
      },
      400,
      'INVALID_WALLET_ADDRESS',
    );
  });

  it('checks the optional refund and sender addresses against the source network', async () => {
    await refused({ refundWalletAddress: ADDR.ETH }, 400, 'INVALID_REFUND_ADDRESS');
    await refused({ senderWalletAddress: 'short' }, 400, 'INVALID_SENDER_ADDRESS');
    const id = await createOk(t, validCreate(a, { refundWalletAddress: ADDR.BTC, senderWalletAddress: '' }));
    expect(await rowOf(t, id)).toMatchObject({ refundAddress: ADDR.BTC, senderAddress: null });
  });

  it('accepts a memo / tag only where the network uses one', async () => {
    const e = await refused({ destinationMemo: '123' }, 400, 'MEMO_NOT_USED');
    expect(e.params).toEqual({ ticker: 'ETH' });
    const xrp = { destinationWalletId: a.xrp, destinationWalletAddress: ADDR.XRP };
    await refused({ ...xrp, destinationMemo: 'abc' }, 400, 'INVALID_MEMO');
    await refused({ ...xrp, destinationMemo: '4294967296' }, 400, 'INVALID_MEMO');
    const id = await createOk(t, validCreate(a, { ...xrp, destinationMemo: '4294967295' }));
    expect((await rowOf(t, id))?.destinationMemo).toBe('4294967295');
  });

  it('refuses an unknown language and over-long fields through the schema', async () => {
    const before = await countExchanges(t);
    expect((await create(t, validCreate(a, { language: 'xx-xx' }))).statusCode).toBe(400);
    expect((await create(t, validCreate(a, { destinationWalletAddress: 'x'.repeat(201) }))).statusCode).toBe(
      400,
    );
    expect(await countExchanges(t)).toBe(before);
  });
});

describe('a created exchange', () => {
  it('is awaiting verification with the amount quoted by the conversion fee rule', async () => {
    const id = await createOk(t, validCreate(a, { amount: '0.01234567' }));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await rowOf(t, id);
    const settings = await t.services.system.publicSettings();
    const rate = t.services.prices.freshUsd('BTC').div(t.services.prices.freshUsd('ETH'));
    const q = conversionQuote(new Decimal('0.01234567'), rate, settings.feeRate, 18);
    expect(row).toMatchObject({
      status: TransactionStatus.awaitingVerification,
      email: 'guest.person@example.com',
      depositAddress: 'HOUSE-DEPOSIT-ADDRESS-0001',
      destinationAddress: ADDR.ETH,
      language: 'en-us',
      journalEntryId: null,
    });
    expect(toPlain(row?.destinationAmount ?? '')).toBe(toPlain(q.receive));
    expect(toPlain(row?.fee ?? '')).toBe(toPlain(q.fee));
    expect(new Decimal(row?.feeRate ?? '').eq(settings.feeRate)).toBe(true);
    expect(new Decimal(q.fee).gt(0)).toBe(true);
  });

  it('e-mails the tracking link in the guest language', async () => {
    const id = await createOk(t, validCreate(a, { userEmail: 'Lang.Test@Example.com', language: 'fr-fr' }));
    const [m] = await t.services.mail.outbox({ to: 'lang.test@example.com', limit: 5 });
    expect(m?.subject).toBe('Votre échange Vaultline');
    expect(m?.body).toContain(`/buy-sell/exchange/${id}`);
    expect(m?.body).toContain('HOUSE-DEPOSIT-ADDRESS-0001');
  });
});
