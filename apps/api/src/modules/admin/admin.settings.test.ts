import { randomUUID } from 'node:crypto';
import { FEED_SETTINGS_EVENT } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { closeClients, connect, listeningApp } from '../feed/feed.test-helpers';
import { assetId, makeUser } from '../ledger/ledger.test-helpers';
import { auditOf, get, post } from './admin.test-helpers';

let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const publicSettings = async () => (await get(t, '/settings')).json().content;

describe('POST Admin/setWalletAddress', () => {
  const BTC_ADDRESS = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
  const set = (walletId: string, address: string) =>
    post(
      t,
      `/Admin/setWalletAddress?walletId=${walletId}&address=${encodeURIComponent(address)}`,
      admin.token,
    );

  it("stores a crypto asset's address (trimmed) for its network; deposits use it at once", async () => {
    const btc = await assetId(t, 'BTC');
    const res = await set(btc, `  ${BTC_ADDRESS} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toEqual({
      id: btc,
      ticker: 'BTC',
      fullName: 'Bitcoin',
      type: 2,
      adminWalletAddress: BTC_ADDRESS,
      isAddressConfigured: true,
    });
    const user = await makeUser(t);
    const address = await get(t, `/Payment/crypto/address?assetId=${btc}`, user.token);
    expect(address.json().content.address).toBe(BTC_ADDRESS);
    const [row] = await auditOf(t, btc, 'wallet.address');
    expect(row).toMatchObject({
      actorId: admin.id,
      before: { ticker: 'BTC', adminWalletAddress: null },
      after: { ticker: 'BTC', adminWalletAddress: BTC_ADDRESS },
    });
    expect((await set(btc, BTC_ADDRESS)).statusCode).toBe(200);
    expect(await auditOf(t, btc, 'wallet.address')).toHaveLength(1);
  });

  it('refuses an address not valid for the network, and fiat currencies', async () => {
    const eth = await assetId(t, 'ETH');
    const bad = await set(eth, BTC_ADDRESS);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'INVALID_WALLET_ADDRESS',
      error: 'Please provide a valid wallet address.',
    });
    const usd = await assetId(t, 'USD');
    const fiat = await set(usd, 'CH9300762011623852957');
    expect(fiat.statusCode).toBe(400);
    expect(fiat.json().error).toMatchObject({
      code: 'ADDRESS_CRYPTO_ONLY',
      error: 'Deposit addresses can only be set for crypto assets.',
    });
    expect(await auditOf(t, eth)).toEqual([]);
  });

  it('refuses an empty address with the spec message, and an unknown or malformed wallet id', async () => {
    const eth = await assetId(t, 'ETH');
    for (const empty of ['', '   ']) {
      const res = await set(eth, empty);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.address).toBe('Wallet address cannot be empty');
    }
    const missing = await set(randomUUID(), BTC_ADDRESS);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('WALLET_NOT_FOUND');
    expect((await set('BTC', BTC_ADDRESS)).statusCode).toBe(400);
  });
});

describe('minimum transaction amount', () => {
  const set = (value: unknown) =>
    post(t, '/Admin/minimumTransactionAmount', admin.token, { minimumTransactionAmount: value });

  it('reads the default 99, stores a new value for every visitor and logs the change', async () => {
    expect((await get(t, '/Admin/minimumTransactionAmount', admin.token)).json().content).toBe('99');
    const res = await set('12.50');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toBe('12.5');
    expect((await get(t, '/Admin/minimumTransactionAmount', admin.token)).json().content).toBe('12.5');
    expect((await publicSettings()).minimumTransactionAmount).toBe('12.5');
    const [row] = await auditOf(t, 'minimum_transaction_amount_usd');
    expect(row).toMatchObject({
      action: 'setting.minimumTransactionAmount',
      before: { value: '99' },
      after: { value: '12.5' },
    });
    expect((await set('1')).json().content).toBe('1');
  });

  it('refuses a missing amount, one below 1, more than 2 decimals or not a number (spec-2 §5 texts)', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'Minimum transaction amount is required'],
      ['', 'Minimum transaction amount is required'],
      ['0.99', 'Amount must be greater than 0'],
      ['0', 'Amount must be greater than 0'],
      ['1.005', 'Amount must be a valid currency value'],
      ['-5', 'Amount must be a valid currency value'],
      ['ten', 'Amount must be a valid currency value'],
      [25, 'Minimum transaction amount is required'],
    ];
    for (const [value, message] of cases) {
      const res = await set(value);
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().error.fields.minimumTransactionAmount, String(value)).toBe(message);
    }
    expect((await get(t, '/Admin/minimumTransactionAmount', admin.token)).json().content).toBe('1');
  });
});

describe('chat widget key', () => {
  const set = (value: unknown) => post(t, '/Admin/chatWidgetKey', admin.token, { chatWidgetKey: value });

  it('is null until set, then saved trimmed and given to every visitor', async () => {
    expect((await get(t, '/Admin/chatWidgetKey', admin.token)).json().content).toBeNull();
    const res = await set('  abcdefghij0123456789  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toBe('abcdefghij0123456789');
    expect((await publicSettings()).chatWidgetKey).toBe('abcdefghij0123456789');
    expect((await auditOf(t, 'chat_widget_key'))[0]).toMatchObject({
      before: { value: null },
      after: { value: 'abcdefghij0123456789' },
    });
  });

  it('refuses fewer than 10 characters after trimming, and characters a script address cannot hold', async () => {
    for (const value of ['short', '   123456789   ', '', undefined]) {
      const res = await set(value);
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().error.fields.chatWidgetKey).toBe(
        'Please enter a valid Tidio chat key (at least 10 characters)',
      );
    }
    for (const value of ['abcdefghij/../x', 'abcdefghij"><script>', 'abc defghijk']) {
      const res = await set(value);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error.fields.chatWidgetKey).toBe(
        'The chat key may only contain letters, digits, - and _',
      );
    }
    expect((await publicSettings()).chatWidgetKey).toBe('abcdefghij0123456789');
  });
});

describe('conversion fee', () => {
  const set = (value: unknown) => post(t, '/Admin/conversionFee', admin.token, { feeRate: value });

  it('reads the default 0.005 and stores a rate between 0 and 0.1', async () => {
    expect((await get(t, '/Admin/conversionFee', admin.token)).json().content).toBe('0.005');
    for (const [value, stored] of [
      ['0.0125', '0.0125'],
      ['0', '0'],
      ['0.1', '0.1'],
      ['0.000001', '0.000001'],
    ]) {
      const res = await set(value);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().content).toBe(stored);
      expect((await publicSettings()).feeRate).toBe(stored);
    }
    expect((await auditOf(t, 'fee_rate', 'setting.feeRate')).length).toBe(4);
  });

  it('refuses a rate above 10 %, negative, with more than 6 decimals, or not a decimal string', async () => {
    for (const value of ['0.1000001', '0.11', '1', '-0.01', '0.0000001', 'abc', 0.01, '']) {
      const res = await set(value);
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
  });
});

describe('a new minimum or fee reaches every open page', () => {
  it('pushes the public settings to a guest connection, and nothing about anyone', async () => {
    const { t: live, url } = await listeningApp();
    try {
      const liveAdmin = await makeUser(live, { role: 'admin' });
      const guest = await connect(url);
      const got: unknown[] = [];
      guest.socket.on(FEED_SETTINGS_EVENT, (s: unknown) => got.push(s));
      const arrived = new Promise((resolve) => guest.socket.once(FEED_SETTINGS_EVENT, resolve));
      const res = await post(live, '/Admin/minimumTransactionAmount', liveAdmin.token, {
        minimumTransactionAmount: '250',
      });
      expect(res.statusCode).toBe(200);
      await arrived;
      expect(got).toHaveLength(1);
      expect(Object.keys(got[0] as object).sort()).toEqual([
        'feeRate',
        'minimumTransactionAmount',
        'updatedAt',
      ]);
      expect(got[0]).toMatchObject({ minimumTransactionAmount: '250', feeRate: '0.005' });
      expect(guest.received).toEqual([]);

      await post(live, '/Admin/conversionFee', liveAdmin.token, { feeRate: '0.01' });
      await new Promise((resolve) => guest.socket.once(FEED_SETTINGS_EVENT, resolve));
      expect(got[1]).toMatchObject({ minimumTransactionAmount: '250', feeRate: '0.01' });
      // The chat key is not pushed (spec-2: visible on the next page load).
      await post(live, '/Admin/chatWidgetKey', liveAdmin.token, { chatWidgetKey: 'abcdefghijkl' });
      await new Promise((r) => setTimeout(r, 200));
      expect(got).toHaveLength(2);
    } finally {
      closeClients();
      await live.close();
    }
  });
});
