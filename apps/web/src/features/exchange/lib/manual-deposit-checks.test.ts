import type { Wallet } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import {
  canGetAddress,
  failedDepositChecks,
  resolveDepositWallets,
  validDepositAddress,
  validDepositAmount,
  validDepositEmail,
} from './manual-deposit-checks';

const good = { email: 'guest@example.com', address: 'bc1qexampleaddress', amount: '0.05' };

describe('manual deposit form checks (spec-1 §5, in order)', () => {
  it('lists the failing checks in the spec order: e-mail, address, amount', () => {
    expect(failedDepositChecks({ email: '', address: '', amount: '' })).toEqual([
      'email',
      'address',
      'amount',
    ]);
    expect(failedDepositChecks({ ...good, email: 'x', amount: '0' })).toEqual(['email', 'amount']);
    expect(failedDepositChecks({ ...good, address: 'short' })).toEqual(['address']);
    expect(failedDepositChecks({ ...good, amount: '-1' })).toEqual(['amount']);
    expect(failedDepositChecks(good)).toEqual([]);
  });

  it('e-mail: text, @, domain and a top-level part of at least 2 letters', () => {
    expect(validDepositEmail('a@b.co')).toBe(true);
    expect(validDepositEmail('  Guest@Example.org ')).toBe(true);
    for (const bad of [
      '',
      'guest',
      'guest@',
      '@example.com',
      'guest@example',
      'guest@example.c',
      'gu est@x.com',
      'a@b.c1',
    ])
      expect(validDepositEmail(bad), bad).toBe(false);
  });

  it('address: required and at least 10 characters (spaces around do not count)', () => {
    expect(validDepositAddress('123456789')).toBe(false);
    expect(validDepositAddress('   123456789   ')).toBe(false);
    expect(validDepositAddress('1234567890')).toBe(true);
  });

  it('amount: a decimal greater than zero; the comma separator is accepted', () => {
    for (const ok of ['1', '0.5', '0,5', '0.00000001']) expect(validDepositAmount(ok), ok).toBe(true);
    for (const bad of ['', '0', '0.0', '-1', 'abc', '1e3', '1.2.3'])
      expect(validDepositAmount(bad), bad).toBe(false);
  });

  it('Get Address is enabled only when the e-mail and the address are valid (the amount does not gate it)', () => {
    expect(canGetAddress(good)).toBe(true);
    expect(canGetAddress({ ...good, amount: '0' })).toBe(true);
    expect(canGetAddress({ ...good, email: 'nope' })).toBe(false);
    expect(canGetAddress({ ...good, address: 'short' })).toBe(false);
  });
});

const wallet = (ticker: string, over: Partial<Wallet> = {}): Wallet => ({
  id: '00000000-0000-4000-8000-000000000000',
  ticker,
  fullName: ticker,
  type: 2,
  decimals: 8,
  adminWalletAddress: `house-${ticker}-address`,
  isAddressConfigured: true,
  network: null,
  amount: '0',
  selectedCurrencyPair: { left: { ticker }, right: { ticker: 'USD' }, rate: '1' },
  ...over,
});

describe('resolveDepositWallets', () => {
  const btc = wallet('BTC', { id: '00000000-0000-4000-8000-000000000001' });
  const eth = wallet('ETH', { id: '00000000-0000-4000-8000-000000000002' });
  const xrp = wallet('XRP', {
    id: '00000000-0000-4000-8000-000000000003',
    adminWalletAddress: undefined,
    isAddressConfigured: false,
    network: null,
  });
  const usd = wallet('USD', { id: '00000000-0000-4000-8000-000000000004', type: 1 });
  const list = [btc, eth, xrp, usd];

  it('finds the destination by id and the source by ticker (any case)', () => {
    expect(resolveDepositWallets(list, eth.id, 'btc', null)).toEqual({
      state: 'ready',
      source: btc,
      destination: eth,
    });
  });

  it('falls back to the source the widget stored when the URL names none', () => {
    expect(resolveDepositWallets(list, eth.id, null, btc.id)).toMatchObject({ state: 'ready', source: btc });
  });

  it('says which wallet is missing, destination first', () => {
    expect(resolveDepositWallets(list, 'nope', 'BTC', null)).toEqual({ state: 'destinationMissing' });
    expect(resolveDepositWallets(list, usd.id, 'BTC', null)).toEqual({ state: 'destinationMissing' });
    expect(resolveDepositWallets(list, eth.id, 'DOGE', null)).toEqual({ state: 'sourceMissing' });
    expect(resolveDepositWallets(list, eth.id, null, null)).toEqual({ state: 'sourceMissing' });
  });

  it('refuses a source without a deposit address (Address Not Configured)', () => {
    expect(resolveDepositWallets(list, eth.id, 'XRP', null)).toEqual({
      state: 'addressNotConfigured',
      ticker: 'XRP',
    });
  });
});
