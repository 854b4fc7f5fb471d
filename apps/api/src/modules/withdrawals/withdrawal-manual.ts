import { EXCHANGE_ERRORS, WITHDRAWAL_ERRORS } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withdrawals } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { AuditTrail } from '../audit/audit.service';
import type { ChainService } from '../chain/chain.service';
import { canonicalHash } from '../chain/tx-hash';
import type { LedgerService } from '../ledger/ledger.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import { complete, type WithdrawalEvents, type WithdrawalRow } from './withdrawal-moves';

export interface WithdrawalManualDeps {
  db: Db;
  ledger: Pick<LedgerService, 'post'>;
  chain: Pick<ChainService, 'watched' | 'claimHash'>;
  catalog: Pick<AssetCatalog, 'byId'>;
  audit: AuditTrail;
  events: WithdrawalEvents;
  log: { error(o: object, msg: string): void };
}

export type SentByHand =
  | { txHash: string; reference?: undefined }
  | { reference: string; txHash?: undefined };

/**
 * An admin paid a queued withdrawal by hand and records it (decision 0054): crypto on a network
 * whose payouts are not automatic, with the transaction's hash (checked for the network, stored in
 * its one form and claimed once per network, like every hash: a hash claimed already by a deposit,
 * an exchange or another withdrawal is refused); fiat other than EUR, with the bank's reference.
 * The withdrawal completes (its money leaves the held account), the claim and the audit row are
 * written in that one transaction; the owner is told after it committed.
 */
export async function recordSentByHand(
  deps: WithdrawalManualDeps,
  actorId: string,
  id: string,
  sent: SentByHand,
): Promise<WithdrawalRow> {
  const { db } = deps;
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w) throw notFound(WITHDRAWAL_ERRORS.notFound, 'WITHDRAWAL_NOT_FOUND');
  // Four eyes: an admin never records their own withdrawal as paid (nothing would have to leave).
  if (w.userId === actorId) throw forbidden(WITHDRAWAL_ERRORS.own, 'WITHDRAWAL_OWN');
  const ticker = (await deps.catalog.byId(w.assetId))?.ticker ?? '';
  const wrongStatus = (status: string) =>
    conflict(WITHDRAWAL_ERRORS.wrongStatus(status), 'WITHDRAWAL_WRONG_STATUS', { status });

  let hash: string | undefined;
  if (sent.txHash !== undefined) {
    if (w.kind !== 'crypto')
      throw badRequest(WITHDRAWAL_ERRORS.hashOrReference, 'WITHDRAWAL_HASH_OR_REFERENCE');
    if (w.payoutId !== null || deps.chain.watched(ticker)?.payouts)
      throw conflict(WITHDRAWAL_ERRORS.chainManaged, 'WITHDRAWAL_CHAIN_MANAGED');
    hash = canonicalHash(ticker, sent.txHash);
    if (!hash) throw badRequest(EXCHANGE_ERRORS.invalidHash(ticker), 'INVALID_HASH', undefined, { ticker });
  } else {
    if (w.kind !== 'bank')
      throw badRequest(WITHDRAWAL_ERRORS.hashOrReference, 'WITHDRAWAL_HASH_OR_REFERENCE');
    if (ticker === 'EUR') throw conflict(WITHDRAWAL_ERRORS.sepaOnly, 'WITHDRAWAL_SEPA_ONLY');
  }
  if (w.status !== 'queued') throw wrongStatus(w.status);

  const row = await db.transaction(async (tx) => {
    const done = await complete(tx, deps.ledger, w.id, ['queued'], {
      decidedBy: actorId,
      ...(hash ? { txHash: hash } : { reference: sent.reference ?? null }),
    });
    if (!done) {
      const [now] = await tx
        .select({ status: withdrawals.status })
        .from(withdrawals)
        .where(eq(withdrawals.id, id));
      throw wrongStatus(now?.status ?? 'gone');
    }
    if (hash && !(await deps.chain.claimHash(tx, { ticker, hash, withdrawalId: w.id })))
      throw conflict(WITHDRAWAL_ERRORS.hashClaimed, 'HASH_CLAIMED');
    await deps.audit.record(tx, {
      actorId,
      action: 'withdrawal.sent',
      targetType: 'withdrawal',
      targetId: w.id,
      before: { status: w.status },
      after: { status: done.status, ...(hash ? { txHash: hash } : { reference: done.reference }) },
    });
    return done;
  });
  await deps.events
    .changed(row)
    .catch((err) => deps.log.error({ err, withdrawal: row.id }, 'withdrawal event failed'));
  return row;
}
