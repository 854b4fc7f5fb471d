import { Decimal, toPlain } from '@vaultline/shared';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  auditLedger,
  ensureHouseAccounts,
  type LegRow,
  postEntries,
  postEntry,
  userBalances,
} from './ledger.repository';

/**
 * Who holds a ledger account. 'external' is the world outside the exchange, per asset: a guest's
 * deposit comes from it and the coins sent to a guest go to it (its balance is not kept).
 */
export type Owner =
  | { kind: 'user'; userId: string }
  | { kind: 'house' }
  | { kind: 'fee' }
  | { kind: 'external' }
  /** A partner's earnings (migration 0026): owned, balance kept and never negative, not a wallet. */
  | { kind: 'partner'; userId: string }
  /** What the user's withdrawals hold (migration 0036): owned, balance kept, never negative, not spendable. */
  | { kind: 'held'; userId: string };

export interface Leg {
  owner: Owner;
  assetId: string;
  /** Positive credits, negative debits. */
  amount: Decimal;
}

export interface EntryInput {
  /** What moved money: 'convert', 'deposit', 'card_deposit', 'demo_seed'… */
  kind: string;
  /** The business id (lock, deposit…); (kind, reference) posts at most once. */
  reference: string;
  memo?: string;
  legs: Leg[];
}

export const INSUFFICIENT_FUNDS = 'INSUFFICIENT_FUNDS';

/** The PostgreSQL error under drizzle's wrapper (node-postgres and PGlite both carry code/constraint). */
export function pgError(err: unknown): { code?: string; constraint?: string; message?: string } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (
      typeof e === 'object' &&
      e !== null &&
      'code' in e &&
      typeof e.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(e.code)
    )
      return e as { code: string; constraint?: string; message?: string };
    e = typeof e === 'object' && e !== null && 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/** True when the database refused a posting because a user balance would go below zero. */
export function isNegativeBalance(err: unknown): boolean {
  const pe = pgError(err);
  return (
    pe?.code === '23514' &&
    (pe.constraint === 'ledger_accounts_user_balance_nonneg' || /user_balance_nonneg/.test(pe.message ?? ''))
  );
}

/**
 * Double-entry journal. `post` runs inside the caller's transaction: one call of the SQL function
 * ledger_post writes the entry and its postings; the database moves user balances (trigger), refuses
 * a negative one (CHECK) and checks at commit that the entry sums to zero per asset.
 */
/** The legs as ledger_post takes them, after checking in code that the entry balances per asset. */
function legRows(input: EntryInput): LegRow[] {
  const sums = new Map<string, Decimal>();
  for (const l of input.legs) {
    if (l.amount.isZero()) throw new Error('a posting cannot be zero');
    sums.set(l.assetId, (sums.get(l.assetId) ?? new Decimal(0)).plus(l.amount));
  }
  for (const [asset, s] of sums) if (!s.isZero()) throw new Error(`entry does not balance for ${asset}`);
  return input.legs.map((l) => ({
    owner: l.owner.kind,
    ...('userId' in l.owner ? { userId: l.owner.userId } : {}),
    assetId: l.assetId,
    amount: toPlain(l.amount),
  }));
}

export const SPENDING_ON_HOLD = 'SPENDING_ON_HOLD';
export const SPENDING_ON_HOLD_MESSAGE =
  'Spending is on hold on your account: a card payment was taken back by your bank or card issuer. Please contact support.';
/** The answer to a debit of a user whose spending is on hold (spending-holds.ts, decision 0038). */
export const spendingOnHoldError = () => new AppError(409, SPENDING_ON_HOLD, SPENDING_ON_HOLD_MESSAGE);

/** True when the database refused a posting because its user's spending is on hold (migration 0028). */
export function isSpendingOnHold(err: unknown): boolean {
  const pe = pgError(err);
  return (
    pe?.code === '23514' &&
    (pe.constraint === 'spending_on_hold' || /spending is on hold/.test(pe.message ?? ''))
  );
}

const negative = (err: unknown) =>
  isNegativeBalance(err)
    ? new AppError(400, INSUFFICIENT_FUNDS, 'Your balance is too low for this amount.')
    : isSpendingOnHold(err)
      ? spendingOnHoldError()
      : err;

export function createLedgerService({ db }: { db: Db }) {
  return {
    /** Posts an entry; returns its id, or undefined when this (kind, reference) was already posted. */
    async post(tx: DbOrTx, input: EntryInput): Promise<string | undefined> {
      const legs = legRows(input);
      try {
        return await postEntry(tx, input.kind, input.reference, input.memo ?? null, legs);
      } catch (err) {
        throw negative(err);
      }
    },
    /** Several entries in one round trip, each with the same checks; ids by reference. */
    async postMany(tx: DbOrTx, inputs: EntryInput[]): Promise<Map<string, string | undefined>> {
      const entries = inputs.map((i) => ({
        kind: i.kind,
        reference: i.reference,
        memo: i.memo ?? null,
        legs: legRows(i),
      }));
      try {
        return await postEntries(tx, entries);
      } catch (err) {
        throw negative(err);
      }
    },
    /** A user's balance per asset id (assets without an account are absent, i.e. zero). */
    async balances(userId: string, on: DbOrTx = db): Promise<Map<string, Decimal>> {
      const rows = await userBalances(on, userId);
      return new Map(rows.map((r) => [r.assetId, new Decimal(r.balance)]));
    },
    /** What a user's withdrawals hold per asset (kind 'held'; assets without one are absent). */
    async held(userId: string, on: DbOrTx = db): Promise<Map<string, Decimal>> {
      const rows = await userBalances(on, userId, 'held');
      return new Map(rows.map((r) => [r.assetId, new Decimal(r.balance)]));
    },
    audit: () => auditLedger(db),
    /**
     * Creates the house and fee accounts of these assets at start, outside any transaction, so that
     * postings find them (ledger_post would create a missing one, but inside the posting's transaction).
     */
    async prepare(assetIds: string[]): Promise<void> {
      // One statement, not three round trips per account: ~0.4 s of a first start on the embedded
      // database (docs/performance.md).
      await ensureHouseAccounts(db, assetIds);
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
