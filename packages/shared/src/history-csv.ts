import type { PublicExchange } from './exchange';
import type { HistoryItem } from './history';

/** A guest exchange as a history row (the browser's list and a user's server list share one shape). */
export function exchangeToHistoryItem(e: PublicExchange): HistoryItem {
  return {
    kind: 'exchange',
    id: e.id,
    status: e.status,
    creationDate: e.creationDate,
    updatedAt: e.updatedAt,
    sourceTicker: e.sourceWalletTicker,
    sourceDecimals: null,
    destinationTicker: e.destinationWalletTicker,
    destinationDecimals: null,
    amount: e.amount,
    destinationAmount: e.destinationAmount,
    fee: e.fee,
    rate: e.exchangeRate,
    method: null,
    adminNotes: e.adminNotes,
    transactionHash: e.transactionHash,
    depositAddress: e.adminWalletAddress,
    confirmations: e.depositConfirmations,
    requiredConfirmations: e.requiredConfirmations,
    refundedAt: null,
  };
}

export const HISTORY_CSV_COLUMNS = [
  'id',
  'kind',
  'status',
  'created_at',
  'updated_at',
  'source_asset',
  'amount',
  'destination_asset',
  'destination_amount',
  'fee',
  'rate',
  'method',
  'transaction_hash',
  'notes',
] as const;

const STATUS_NAMES: Readonly<Record<number, string>> = {
  [-1]: 'not_processed',
  0: 'failed',
  1: 'success',
  2: 'pending',
  3: 'awaiting_verification',
};

/**
 * RFC 4180 field: quoted when it holds a comma, quote or line break. A leading =, +, - or @ (or tab /
 * carriage return) is prefixed with an apostrophe so a spreadsheet never runs notes as a formula;
 * decimal amounts are plain strings, never in that form.
 */
function field(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One row per transaction, ISO dates, plain decimal amounts, CRLF line ends (opens in a spreadsheet). */
export function historyCsv(items: readonly HistoryItem[]): string {
  const lines = [HISTORY_CSV_COLUMNS.join(',')];
  for (const i of items) {
    lines.push(
      [
        i.id,
        i.kind,
        i.withdrawalStatus ?? STATUS_NAMES[i.status] ?? 'unknown',
        new Date(i.creationDate).toISOString(),
        new Date(i.updatedAt).toISOString(),
        i.sourceTicker,
        i.amount,
        i.destinationTicker,
        i.destinationAmount,
        i.fee,
        i.rate,
        i.method,
        i.transactionHash,
        i.adminNotes,
      ]
        .map(field)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
