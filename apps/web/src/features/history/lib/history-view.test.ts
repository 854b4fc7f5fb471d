import { TransactionStatus } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import { historyItem, uuid } from '../test/fixtures';
import { csvFileName, localCsvBlob } from './csv-download';
import {
  createProgressBook,
  newestFirst,
  pageCount,
  pageOf,
  refundedAtOf,
  shortId,
  showingRange,
} from './history-view';

describe('history view helpers', () => {
  it('reads when a card deposit was refunded, and nothing for other rows or rows without the field', () => {
    const refunded = {
      ...historyItem(1, { kind: 'deposit', method: 'card' }),
      refundedAt: '2026-05-02T10:00:00Z',
    };
    expect(refundedAtOf(refunded)).toBe('2026-05-02T10:00:00Z');
    expect(refundedAtOf(historyItem(2, { kind: 'deposit', method: 'card' }))).toBeNull();
    expect(refundedAtOf({ ...historyItem(3, { kind: 'conversion' }), refundedAt: 'x' } as never)).toBeNull();
  });

  it('pages a browser-held list by 5 and says which rows are shown', () => {
    const rows = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(pageCount(12, 5)).toBe(3);
    expect(pageCount(0, 5)).toBe(1);
    expect(pageOf(rows, 1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageOf(rows, 3, 5)).toEqual([11, 12]);
    expect(pageOf(rows, 9, 5)).toEqual([11, 12]);
    expect(showingRange(1, 5, 5, 12)).toEqual({ from: 1, to: 5, total: 12 });
    expect(showingRange(3, 5, 2, 12)).toEqual({ from: 11, to: 12, total: 12 });
    expect(showingRange(1, 5, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });

  it('sorts newest first and shortens ids to 8 characters', () => {
    const sorted = newestFirst([historyItem(1), historyItem(3), historyItem(2)]);
    expect(sorted.map((i) => i.id)).toEqual([uuid(3), uuid(2), uuid(1)]);
    expect(shortId('3f2a6c1e-8d7b-4c5a-9e1f-2b3c4d5e6f70')).toBe('3f2a6c1e');
  });
});

describe('progress book (spec-1 §4 merge rule)', () => {
  it('never moves a status backwards when a late server page is older than a live update', () => {
    const book = createProgressBook();
    book.absorb([historyItem(1, { status: TransactionStatus.pending })]);
    const live = book.update({
      id: uuid(1),
      status: TransactionStatus.success,
      adminNotes: 'Paid',
      transactionHash: 'abc',
      updatedAt: '2026-01-01T13:00:00.000Z',
    });
    expect(live?.move).toEqual({ item: expect.objectContaining({ status: 1 }), notify: 'success' });
    const late = book.absorb([historyItem(1, { status: TransactionStatus.pending })]);
    expect(late.items[0]?.status).toBe(TransactionStatus.success);
    expect(late.items[0]?.adminNotes).toBe('Paid');
    expect(late.moves).toEqual([]);
  });

  it('reports forward moves from server pages, and nothing for a first sighting or an unknown id', () => {
    const book = createProgressBook();
    expect(book.absorb([historyItem(1)]).moves).toEqual([]);
    const moved = book.absorb([
      historyItem(1, { status: TransactionStatus.failed, adminNotes: 'No deposit' }),
    ]);
    expect(moved.moves).toHaveLength(1);
    expect(moved.moves[0]?.notify).toBe('failed');
    expect(
      book.update({ id: uuid(2), status: 1, adminNotes: null, transactionHash: null, updatedAt: null }),
    ).toBeNull();
  });
});

describe('guest CSV', () => {
  it('names the file by the UTC day and writes the shared CSV', async () => {
    expect(csvFileName(new Date('2026-03-04T23:59:00Z'))).toBe('vaultline-history-2026-03-04.csv');
    const text = await localCsvBlob([historyItem(1, { adminNotes: '=SUM(A1)' })]).text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'id,kind,status,created_at,updated_at,source_asset,amount,destination_asset,destination_amount,fee,rate,method,transaction_hash,notes',
    );
    expect(lines[1]).toContain(`${uuid(1)},exchange,awaiting_verification,`);
    expect(lines[1]).toMatch(/,'=SUM\(A1\)$/);
  });
});
