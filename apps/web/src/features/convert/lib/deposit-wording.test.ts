import type { Wallet } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import { guestDepositMode, guestDepositText } from './deposit-wording';

const asset = (ticker: string, network: string | null, isAddressConfigured = true): Wallet => ({
  id: `00000000-0000-4000-8000-00000000000${ticker.length}`,
  ticker,
  fullName: ticker,
  type: 2,
  decimals: 8,
  isAddressConfigured,
  network,
  amount: '0',
  selectedCurrencyPair: { left: { ticker }, right: { ticker: 'USD' }, rate: '1' },
});
const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? JSON.stringify(params) : ''}`;

describe('guest deposit wording', () => {
  it('keeps the spec text when no network is watched (or while the assets load)', () => {
    expect(guestDepositMode([asset('BTC', null), asset('XRP', null)]).mode).toBe('manual');
    expect(guestDepositText(t, 'en-us', 'K', [])).toBe('K');
  });
  it('says watched when every asset a guest can send is watched (one without address ignored)', () => {
    const assets = [asset('ETH', 'ETH'), asset('BNB', 'BSC'), asset('ZEC', null, false)];
    expect(guestDepositMode(assets)).toEqual({ mode: 'watched', networks: ['ETH', 'BSC'] });
    expect(guestDepositText(t, 'en-us', 'K', assets)).toBe(
      'KWatched{"networks":"Ethereum and BNB Smart Chain"}',
    );
  });
  it('says which networks are watched when some are not, in the page language', () => {
    const assets = [asset('BTC', null), asset('ETH', 'ETH'), asset('USDT', 'ETH')];
    expect(guestDepositText(t, 'fr-fr', 'K', assets)).toBe('KMixed{"networks":"Ethereum"}');
    expect(
      guestDepositText(t, 'de-de', 'K', [asset('BTC', null), asset('ETH', 'ETH'), asset('BNB', 'BSC')]),
    ).toBe('KMixed{"networks":"Ethereum und BNB Smart Chain"}');
  });
});
