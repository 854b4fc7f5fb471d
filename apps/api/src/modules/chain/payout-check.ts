import { Decimal } from '@vaultline/shared';
import type { DbOrTx } from '../../db/client';
import { type ChainAdapter, HistoryUnavailable, type SentTransaction } from './chain.types';
import { type PayoutRow, payoutsFromNonce } from './payouts.repository';
import { rpcErrorText } from './rpc-error';

/**
 * Whether the hot wallet already paid a payout by another transaction: `paid` (and by which),
 * `unpaid`, or `unsure` with why (`pending`: transactions of the hot wallet the product did not send
 * wait in the node's pool; `unavailable`: the node cannot show the history, or it is too long).
 */
export type PaidCheck =
  | { answer: 'unpaid' }
  | { answer: 'paid'; by: SentTransaction }
  | { answer: 'unsure'; why: 'pending' | 'unavailable'; detail: string };

/** Beyond this many transactions of the hot wallet since the payout was signed, no answer. */
const MAX_SINCE = 2000;
/** Beyond this many transactions the product did not send, no answer (each is a lookup on chain). */
const MAX_FOREIGN = 20;

const unsure = (why: 'pending' | 'unavailable', detail: string): PaidCheck => ({
  answer: 'unsure',
  why,
  detail,
});

export const unitsOf = (amount: string, decimals: number) =>
  BigInt(new Decimal(amount).mul(new Decimal(10).pow(decimals)).toFixed(0, Decimal.ROUND_DOWN));

/**
 * Looks at every transaction of the hot wallet since the payout was signed: each nonce from the
 * payout's own up to the last mined one is either one of the product's payouts mined with its own
 * hash, or a transaction someone else sent with the key (an operator's replacement, a payment by
 * hand), read from the chain. One of those that succeeded and sent the same asset and amount to the
 * same address paid it. A payout never signed was never paid by the product.
 */
export async function checkPaid(
  db: DbOrTx,
  adapter: ChainAdapter,
  p: PayoutRow,
  asset: { ticker: string; decimals: number },
): Promise<PaidCheck> {
  const w = adapter.hotWallet;
  const nonce = p.nonce;
  if (nonce === null) return { answer: 'unpaid' };
  if (!w) return unsure('unavailable', 'no hot wallet key on this network');
  // The block it was signed at only narrows the search: the nonces are what tie the transactions to
  // it. One signed before that block was kept is searched for from the chain's start (an archive
  // node answers; a pruned one cannot, and the answer is "unavailable").
  const since = p.signedBlock ?? 0;
  try {
    const [mined, pending] = await Promise.all([w.minedSequence(), w.pendingSequence()]);
    if (mined - nonce > MAX_SINCE)
      return unsure('unavailable', `${mined - nonce} transactions of the hot wallet since it was signed`);
    const ours = new Map<number, string[]>();
    for (const o of await payoutsFromNonce(db, adapter.network, nonce))
      if (o.nonce !== null && o.txHash) ours.set(o.nonce, [...(ours.get(o.nonce) ?? []), o.txHash]);
    const minedNonces = Array.from({ length: Math.max(0, mined - nonce) }, (_, i) => nonce + i);
    // A nonce whose product's transaction has a receipt was used by that transaction.
    const own = await Promise.all(
      minedNonces.map(async (n) => {
        for (const hash of ours.get(n) ?? []) if ((await w.receipt(hash)) !== null) return true;
        return false;
      }),
    );
    const foreign = minedNonces.filter((_, i) => !own[i]);
    if (foreign.length > MAX_FOREIGN)
      return unsure(
        'unavailable',
        `${foreign.length} transactions of the hot wallet the product did not send`,
      );
    const to = adapter.normalAddress(p.toAddress);
    const amountRaw = unitsOf(p.amount, asset.decimals);
    for (const n of foreign) {
      const tx = await w.sentAt(n, since);
      const pays = tx?.transfers.some(
        (t) => t.ticker === asset.ticker && t.to === to && t.amountRaw === amountRaw,
      );
      if (tx?.success && pays) return { answer: 'paid', by: tx };
    }
    // Waiting in the pool: each nonce must be one of the product's, its own transaction held there.
    for (let n = Math.max(mined, nonce); n < pending; n++) {
      let held = false;
      for (const hash of ours.get(n) ?? []) if (await w.holds(hash)) held = true;
      if (!held) return unsure('pending', `nonce ${n} of the hot wallet waits in the node's pool`);
    }
    return { answer: 'unpaid' };
  } catch (err) {
    return unsure('unavailable', err instanceof HistoryUnavailable ? err.detail : rpcErrorText(err));
  }
}

/** What a payout becomes once a transaction found on chain paid it: mined by that transaction. */
export function paidBy(p: PayoutRow, by: SentTransaction): Partial<PayoutRow> {
  return {
    status: 'mined',
    reason: null,
    lastError: null,
    txHash: by.hash,
    nonce: by.sequence,
    blockNumber: by.blockNumber,
    minedAt: new Date(),
    // Its own bytes may go out again only while they share the paying transaction's nonce (one of
    // the two can be mined, never both); otherwise they could pay it a second time.
    rawTx: by.sequence === p.nonce ? p.rawTx : null,
  };
}
