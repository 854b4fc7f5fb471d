import { CHAIN_ERRORS, Decimal, EXCHANGE_ERRORS, type OperatorTransfer } from '@vaultline/shared';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import type { AuditTrail } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { ChainAdapter } from './chain.types';
import type { DemoFunding } from './demo-chain';
import { canonicalHash } from './tx-hash';

export const OPERATOR_TRANSFER_BOOKED = 'This transfer is already booked.';

interface BookDeps {
  db: Db;
  ledger: Pick<LedgerService, 'post'>;
  assetId: (ticker: string) => Promise<string | undefined>;
}

/**
 * Books the operator's own coins moved in or out of a watched network's addresses outside the
 * product (docs/chains.md, "The books match the chain"): a top-up of the hot wallet from their
 * wallet (`in`: from outside to the house), a sweep of deposit addresses to their wallet (`out`).
 * One ledger entry (`chain_operator`), once per network, hash, asset and direction, audited.
 */
export async function bookOperatorTransfer(
  deps: BookDeps,
  adapter: ChainAdapter | undefined,
  actorId: string,
  t: OperatorTransfer,
  audit: AuditTrail,
): Promise<void> {
  const asset = adapter?.assets.find((a) => a.ticker === t.ticker);
  const id = asset ? await deps.assetId(asset.ticker) : undefined;
  if (!adapter || !asset || !id) throw badRequest(CHAIN_ERRORS.notWatched, 'NOT_WATCHED');
  const hash = canonicalHash(t.ticker, t.txHash);
  if (!hash)
    throw badRequest(EXCHANGE_ERRORS.invalidHash(t.ticker), 'INVALID_HASH', undefined, { ticker: t.ticker });
  const amount = new Decimal(t.amount);
  if (amount.decimalPlaces() > asset.decimals)
    throw badRequest(`${t.ticker} has ${asset.decimals} decimals at most.`, 'VALIDATION');
  const sign = t.direction === 'in' ? 1 : -1;
  await deps.db.transaction(async (tx) => {
    const posted = await deps.ledger.post(tx, {
      kind: 'chain_operator',
      reference: `${adapter.network}:${hash}:${t.ticker}:${t.direction}`,
      memo: t.direction === 'in' ? 'operator transfer in (top-up)' : 'operator transfer out (sweep)',
      legs: [
        { owner: { kind: 'external' }, assetId: id, amount: amount.mul(-sign) },
        { owner: { kind: 'house' }, assetId: id, amount: amount.mul(sign) },
      ],
    });
    if (!posted) throw conflict(OPERATOR_TRANSFER_BOOKED, 'ALREADY_PROCESSED');
    await audit.record(tx, {
      actorId,
      action: 'chain.operatorTransfer',
      targetType: 'network',
      targetId: adapter.network,
      before: null,
      after: { ticker: t.ticker, direction: t.direction, amount: amount.toFixed(), txHash: hash },
    });
  });
}

/** The demo's top-up of a hot wallet, booked as the operator's transfer in (once per reference). */
export async function bookDemoFunding(deps: BookDeps, f: DemoFunding): Promise<void> {
  const id = await deps.assetId(f.ticker);
  if (!id || f.amount.lte(0)) return;
  await deps.db.transaction((tx) =>
    deps.ledger.post(tx, {
      kind: 'chain_operator',
      reference: f.reference,
      memo: 'demo: hot wallet funded',
      legs: [
        { owner: { kind: 'external' }, assetId: id, amount: f.amount.neg() },
        { owner: { kind: 'house' }, assetId: id, amount: f.amount },
      ],
    }),
  );
}
