import { type HistoryItem, type HistoryPage, toPlain } from '@vaultline/shared';
import type { Db } from '../../db/client';
import { type HistoryRow, historyCount, historyPage } from './history.repository';

const plain = (v: string | null) => (v === null ? null : toPlain(v));

function toItem(r: HistoryRow): HistoryItem {
  return {
    kind: r.kind,
    id: r.id,
    status: Number(r.status),
    creationDate: new Date(r.creation_date).toISOString(),
    sourceTicker: r.source_ticker,
    destinationTicker: r.destination_ticker,
    amount: toPlain(r.amount),
    destinationAmount: plain(r.destination_amount),
    fee: plain(r.fee),
    method: r.method,
    adminNotes: r.admin_notes,
    transactionHash: r.transaction_hash,
  };
}

/** A signed-in user's history: their conversions and deposits in one list, paginated on the server. */
export function createHistoryService({ db }: { db: Db }) {
  return {
    async page(userId: string, page: number, pageSize: number): Promise<HistoryPage> {
      const [rows, total] = await Promise.all([
        historyPage(db, userId, pageSize, (page - 1) * pageSize),
        historyCount(db, userId),
      ]);
      return { items: rows.map(toItem), total, page, pageSize };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
