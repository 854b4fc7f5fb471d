import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HistoryItem } from './history';
import { HISTORY_CSV_COLUMNS, historyCsv } from './history-csv';

const item = (over: Partial<HistoryItem> = {}): HistoryItem => ({
  kind: 'exchange',
  id: '00000000-0000-4000-8000-000000000001',
  status: 1,
  creationDate: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:05:00.000Z',
  sourceTicker: 'BTC',
  sourceDecimals: 8,
  destinationTicker: 'ETH',
  destinationDecimals: 18,
  amount: '0.00000001',
  destinationAmount: '12345678901234567890.123456789',
  fee: '0',
  rate: '43.4264',
  method: null,
  adminNotes: null,
  transactionHash: null,
  ...over,
  depositAddress: null,
  confirmations: null,
  requiredConfirmations: null,
  refundedAt: null,
});

/** A small RFC 4180 reader, enough to read back what historyCsv writes. */
function parse(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let f = '';
  let q = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i] as string;
    if (q) {
      if (c === '"' && csv[i + 1] === '"') {
        f += '"';
        i++;
      } else if (c === '"') q = false;
      else f += c;
    } else if (c === '"') q = true;
    else if (c === ',') {
      row.push(f);
      f = '';
    } else if (c === '\r' && csv[i + 1] === '\n') {
      row.push(f);
      rows.push(row);
      row = [];
      f = '';
      i++;
    } else f += c;
  }
  return rows;
}

describe('historyCsv', () => {
  it('writes a header and one row per transaction with plain decimals and ISO dates', () => {
    const rows = parse(historyCsv([item(), item({ kind: 'deposit', status: 3, method: 'crypto' })]));
    expect(rows[0]).toEqual([...HISTORY_CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    expect(rows[1]?.slice(0, 11)).toEqual([
      '00000000-0000-4000-8000-000000000001',
      'exchange',
      'success',
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T10:05:00.000Z',
      'BTC',
      '0.00000001',
      'ETH',
      '12345678901234567890.123456789',
      '0',
      '43.4264',
    ]);
    expect(rows[2]?.[2]).toBe('awaiting_verification');
    expect(rows[2]?.[11]).toBe('crypto');
  });

  it('reads back any notes exactly, never as a formula', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (notes) => {
        const rows = parse(historyCsv([item({ adminNotes: notes })]));
        expect(rows).toHaveLength(2);
        const cell = rows[1]?.[13] as string;
        expect(/^[=+\-@\t\r]/.test(notes) ? cell === `'${notes}` : cell === notes).toBe(true);
      }),
    );
  });
});
