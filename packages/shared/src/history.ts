import { z } from 'zod';
import { uuidSchema } from './common';
import { TransactionStatus } from './enums';
import { decimalOutSchema } from './money';
import { pageCursorSchema } from './paging';
import { WITHDRAWAL_STATUSES } from './withdrawals';

/**
 * spec-1 §4: when server data or a live update is merged into the history, a status never moves
 * backwards. Ranking notProcessed < awaitingVerification < pending < failed < success; an incoming
 * status replaces the stored one only if it ranks higher. Unknown statuses rank lowest.
 */
const STATUS_RANK: Readonly<Record<number, number>> = {
  [TransactionStatus.notProcessed]: 1,
  [TransactionStatus.awaitingVerification]: 2,
  [TransactionStatus.pending]: 3,
  [TransactionStatus.failed]: 4,
  [TransactionStatus.success]: 5,
};

export function statusRank(status: number | null | undefined): number {
  return status === null || status === undefined ? 0 : (STATUS_RANK[status] ?? 0);
}

/** What a history row holds of a transaction's progress (the live feed's fields). */
export interface TransactionProgress {
  id: string;
  status: number;
  adminNotes: string | null;
  transactionHash: string | null;
  /** ISO time of the change on the server; used to drop a late, older update's notes and hash. */
  updatedAt?: string | null;
  /** Watched networks: the confirmations so far (a history row's name for it). */
  confirmations?: number | null;
}

export interface MergeResult<T extends TransactionProgress> {
  merged: T;
  /** The status moved (forwards). */
  statusChanged: boolean;
  /** spec-1 §4: a move to success or failed raises "Transaction status changed to: {text}". */
  notify: 'success' | 'failed' | null;
}

const isOlder = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && Date.parse(a) < Date.parse(b);

/**
 * Merges an incoming version (server list or live update) into the stored one: the status only
 * forwards; notes and hash from the incoming side unless it is older than what is stored.
 */
export function mergeProgress<T extends TransactionProgress>(
  stored: T,
  incoming: Partial<TransactionProgress> & { status?: number | null; depositConfirmations?: number | null },
): MergeResult<T> {
  const forwards = incoming.status != null && statusRank(incoming.status) > statusRank(stored.status);
  const stale = isOlder(incoming.updatedAt, stored.updatedAt);
  // The live feed calls it depositConfirmations; a newer count replaces the stored one.
  const confirmations = incoming.depositConfirmations ?? incoming.confirmations;
  const merged: T = {
    ...stored,
    ...(!stale && confirmations != null && 'confirmations' in stored ? { confirmations } : {}),
    status: forwards ? (incoming.status as number) : stored.status,
    adminNotes: !stale && incoming.adminNotes != null ? incoming.adminNotes : stored.adminNotes,
    transactionHash:
      !stale && incoming.transactionHash != null ? incoming.transactionHash : stored.transactionHash,
    updatedAt: stale ? stored.updatedAt : (incoming.updatedAt ?? stored.updatedAt),
  };
  const notify = !forwards
    ? null
    : merged.status === TransactionStatus.success
      ? 'success'
      : merged.status === TransactionStatus.failed
        ? 'failed'
        : null;
  return { merged, statusChanged: forwards, notify };
}

/** Who is looking at a history: a signed-in user, or a guest with the exchange ids its browser holds. */
export interface HistoryViewer {
  userId: string | null;
  localIds: ReadonlySet<string>;
}

/**
 * History ownership (spec-1 §4 as narrowed by DECISIONS §4): a transaction with a userId belongs to
 * that signed-in user only; a guest exchange (no userId) belongs to whoever holds its random id in
 * the browser. E-mail and guestIdentifier are guessable and never grant ownership.
 */
export function ownsTransaction(tx: { id: string; userId?: string | null }, viewer: HistoryViewer): boolean {
  if (tx.userId != null) return viewer.userId !== null && tx.userId === viewer.userId;
  return viewer.localIds.has(tx.id);
}

/** GET History: a signed-in user's conversions and deposits, newest first, one page at a time. */
export const HISTORY_MAX_PAGE_SIZE = 50;
export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { message: 'Page numbers start at 1' }).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(HISTORY_MAX_PAGE_SIZE, { message: `At most ${HISTORY_MAX_PAGE_SIZE} per page` })
    .default(5),
  /** The cursor of the page before (`after`) or after (`before`) it: the same cost at any depth. */
  after: pageCursorSchema.optional(),
  before: pageCursorSchema.optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyItemSchema = z.object({
  /**
   * A wallet conversion, a wallet deposit, a guest exchange (the user's own, or one the browser
   * holds), or a partner's earnings moved to its wallet (`earnings`: source asset and amount only).
   */
  kind: z.enum(['conversion', 'deposit', 'exchange', 'earnings', 'withdrawal']),
  id: uuidSchema,
  status: z.number().int(),
  creationDate: z.string(),
  /** ISO time of the last status change (the merge rule drops older notes and hash). */
  updatedAt: z.string(),
  sourceTicker: z.string(),
  /**
   * The assets' own decimals (USD 2, BTC 8): amounts are shown with no more places. Null where the
   * list does not know them (guest exchanges the browser holds: crypto, shown as spec-1 §9 says).
   */
  // A default: rows a browser kept from before they existed still read.
  sourceDecimals: z.number().int().nullable().default(null),
  /** Conversions and exchanges. */
  destinationTicker: z.string().nullable(),
  destinationDecimals: z.number().int().nullable().default(null),
  amount: decimalOutSchema,
  /** Conversions and exchanges: what is (or will be) received, in the destination asset. */
  destinationAmount: decimalOutSchema.nullable(),
  /** Conversions and exchanges: in the destination asset. */
  fee: decimalOutSchema.nullable(),
  /** Conversions and exchanges: destination units per source unit, before the fee. */
  rate: decimalOutSchema.nullable(),
  /** Deposits: 'crypto' or 'card'. */
  method: z.enum(['crypto', 'card']).nullable(),
  adminNotes: z.string().nullable(),
  transactionHash: z.string().nullable(),
  /** Exchanges: where the guest sends the source asset (shown while awaiting verification). */
  depositAddress: z.string().nullable(),
  /** Watched networks (DECISIONS §10): the deposit's confirmations so far and the number required. */
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int().nullable(),
  /** Card deposits refunded by support: when. */
  refundedAt: z.string().nullable().default(null),
  /**
   * Withdrawals (decision 0054): their own status (review … completed); `status` maps it to the
   * transaction codes (review 3, on its way 2, completed 1, cancelled/rejected/failed 0).
   */
  withdrawalStatus: z.enum(WITHDRAWAL_STATUSES).nullable().optional(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyPageSchema = z.object({
  items: z.array(historyItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Cursors that open the previous (`before`) and the next (`after`) page. */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;
