import {
  type HistoryItem,
  type HistoryPage,
  type HistoryQuery,
  historyCsv,
  toPlain,
} from '@vaultline/shared';
import type { Db } from '../../db/client';
import { pageOf, planPage } from '../../lib/keyset';
import { type HistoryRow, historyCount, historyPage } from './history.repository';

/** Rows one export may hold (a year of heavy trading); the header says when a file is cut. */
export const HISTORY_EXPORT_MAX = 10_000;

const plain = (v: string | null) => (v === null ? null : toPlain(v));

function toItem(r: HistoryRow): HistoryItem {
  return {
    kind: r.kind,
    id: r.id,
    status: Number(r.status),
    creationDate: new Date(r.creation_date).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    sourceTicker: r.source_ticker,
    sourceDecimals: Number(r.source_decimals),
    destinationTicker: r.destination_ticker,
    destinationDecimals: r.destination_decimals === null ? null : Number(r.destination_decimals),
    amount: toPlain(r.amount),
    destinationAmount: plain(r.destination_amount),
    fee: plain(r.fee),
    rate: plain(r.rate),
    method: r.method,
    adminNotes: r.admin_notes,
    transactionHash: r.transaction_hash,
    depositAddress: r.deposit_address,
    confirmations: r.confirmations === null ? null : Number(r.confirmations),
    requiredConfirmations: r.required_confirmations === null ? null : Number(r.required_confirmations),
    refundedAt: r.refunded_at === null ? null : new Date(r.refunded_at).toISOString(),
    // Withdrawals only (the other kinds' rows stay as they were).
    ...(r.withdrawal_status
      ? { withdrawalStatus: r.withdrawal_status as NonNullable<HistoryItem['withdrawalStatus']> }
      : {}),
  };
}

/** A signed-in user's history: their conversions and deposits in one list, paginated on the server. */
export function createHistoryService({ db }: { db: Db }) {
  return {
    async page(userId: string, q: HistoryQuery): Promise<HistoryPage> {
      const total = await historyCount(db, userId);
      const plan = planPage(q, total);
      const found = pageOf(plan, await historyPage(db, userId, plan));
      return { ...found, items: found.items.map(toItem), total, page: q.page, pageSize: q.pageSize };
    },
    /**
     * The whole history as CSV (one row per transaction, plain decimals, ISO dates), newest first,
     * up to HISTORY_EXPORT_MAX rows; `truncated` says when there were more.
     */
    async csv(userId: string): Promise<{ csv: string; truncated: boolean }> {
      const rows = await historyPage(db, userId, {
        kind: 'offset',
        offset: 0,
        limit: HISTORY_EXPORT_MAX + 1,
        fromEnd: false,
      });
      const items = rows.slice(0, HISTORY_EXPORT_MAX).map(toItem);
      return { csv: historyCsv(items), truncated: rows.length > HISTORY_EXPORT_MAX };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
