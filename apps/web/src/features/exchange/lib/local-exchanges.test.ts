import type { HistoryItem } from '@vaultline/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import {
  localExchangeIds,
  mergeLocalExchanges,
  mergeLocalUpdate,
  readLocalExchanges,
  saveLocalExchange,
  subscribeLocalExchanges,
} from './local-exchanges';

const row = (id: string, status = 3): HistoryItem => ({
  kind: 'exchange',
  id,
  status,
  creationDate: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  sourceTicker: 'BTC',
  sourceDecimals: null,
  destinationTicker: 'ETH',
  destinationDecimals: null,
  amount: '0.01',
  destinationAmount: '0.4',
  fee: '0.002',
  rate: '40.2',
  method: null,
  adminNotes: null,
  transactionHash: null,
  depositAddress: 'HOUSE-ADDRESS',
  confirmations: null,
  requiredConfirmations: null,
  refundedAt: null,
});
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

beforeEach(() => localStorage.clear());

describe('the browser-held guest exchanges', () => {
  it('keeps them newest first, one record per id', () => {
    saveLocalExchange(row(A));
    saveLocalExchange(row(B));
    saveLocalExchange(row(A, 2));
    expect(localExchangeIds()).toEqual([A, B]);
    expect(readLocalExchanges()[0]?.status).toBe(2);
  });

  it('drops records that do not parse instead of failing', () => {
    localStorage.setItem(
      STORAGE_KEYS.anonymousTransactions,
      JSON.stringify([{ id: 'junk' }, row(A), 42, { ...row(B), kind: 'conversion' }]),
    );
    expect(localExchangeIds()).toEqual([A]);
    localStorage.setItem(STORAGE_KEYS.anonymousTransactions, '{not json');
    expect(readLocalExchanges()).toEqual([]);
  });

  it("still reads records kept before the rows carried their assets' decimals", () => {
    const { sourceDecimals: _s, destinationDecimals: _d, ...older } = row(A);
    localStorage.setItem(STORAGE_KEYS.anonymousTransactions, JSON.stringify([older]));
    expect(readLocalExchanges()).toEqual([row(A)]);
  });

  it('merges server rows and live updates forwards only, and tells who moved', () => {
    saveLocalExchange(row(A, 2));
    saveLocalExchange(row(B, 2));
    const listener = vi.fn();
    const off = subscribeLocalExchanges(listener);
    const moved = mergeLocalExchanges([
      { ...row(A, 3), adminNotes: 'late' },
      { id: B, status: 1, transactionHash: '0xabc', updatedAt: '2026-11-23T10:10:00.000Z' },
    ]);
    expect(moved.map((m) => [m.item.id, m.notify])).toEqual([[B, 'success']]);
    const byId = new Map(readLocalExchanges().map((r) => [r.id, r]));
    expect(byId.get(A)?.status).toBe(2);
    expect(byId.get(B)).toMatchObject({ status: 1, transactionHash: '0xabc', amount: '0.01' });
    expect(
      mergeLocalUpdate({
        id: A,
        status: 0,
        adminNotes: 'No deposit',
        transactionHash: null,
        updatedAt: '2026-11-23T10:11:00.000Z',
      }),
    ).toHaveLength(1);
    expect(listener).toHaveBeenCalledTimes(2);
    off();
  });
});
