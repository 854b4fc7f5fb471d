import {
  type AdminChainDeposit,
  type AdminPage,
  type AdminPageQuery,
  type AdminPayout,
  type AdminPayoutsQuery,
  type ChainStatus,
  type Decimal,
  PAYOUT_VIEWS,
  toPlain,
} from '@vaultline/shared';
import type { ChainNetworkConfig } from '../../chain-config';
import type { Db } from '../../db/client';
import type { AssetCatalog } from '../wallets/asset-catalog';
import { countDepositsSeen, listDepositsSeen, networkRows } from './chain.repository';
import type { ChainAdapter } from './chain.types';
import { type NetworkId, WATCHABLE_NETWORKS } from './chain-networks';
import type { PayoutOwner } from './chain-owners';
import { latestReconciliations } from './chain-reconcile';
import { createPayoutActions } from './payout-admin';
import { countPayouts, listPayouts, type PayoutRow, payoutsIn } from './payouts.repository';
import { createPayoutBump } from './utxo/payout-bump';

interface AdminDeps {
  db: Db;
  catalog: Pick<AssetCatalog, 'byId'>;
  settings: Map<NetworkId, ChainNetworkConfig>;
  adapters: () => ChainAdapter[];
  limits: { autoPayoutMaxUsd: Decimal; autoPayoutDailyMaxUsd: Decimal };
  explorerUrl: (network: string | null, hash: string | null) => string | null;
  owners: Record<PayoutRow['purpose'], PayoutOwner>;
  log: { error(o: object, msg: string): void; warn(o: object, msg: string): void };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The back office's Networks page (issue: chains, point 7): status, the payout queue with its
 * actions (payout-admin.ts), the transfers seen.
 */
export function createChainAdmin(deps: AdminDeps) {
  const { db } = deps;
  const ticker = async (assetId: string) => (await deps.catalog.byId(assetId))?.ticker ?? '';

  async function toAdminPayout(p: PayoutRow): Promise<AdminPayout> {
    return {
      id: p.id,
      network: p.network,
      ticker: await ticker(p.assetId),
      toAddress: p.toAddress,
      amount: toPlain(p.amount),
      usdValue: toPlain(p.usdValue),
      purpose: p.purpose,
      reference: p.reference,
      status: p.status,
      reason: p.reason,
      lastError: p.lastError,
      txHash: p.txHash,
      txUrl: deps.explorerUrl(p.network, p.txHash),
      networkFee: p.networkFee === null ? null : toPlain(p.networkFee),
      attempts: p.attempts,
      approved: p.approvedBy !== null,
      createdAt: p.createdAt.toISOString(),
      signedAt: iso(p.signedAt),
      minedAt: iso(p.minedAt),
    };
  }

  const actions = createPayoutActions({
    db,
    catalog: deps.catalog,
    adapters: deps.adapters,
    owners: deps.owners,
    changed: (p) => deps.owners[p.purpose].changed(p),
    toAdminPayout,
    log: deps.log,
  });

  return {
    async status(): Promise<ChainStatus> {
      const adapters = deps.adapters();
      const rows = await networkRows(
        db,
        adapters.map((a) => a.network),
      );
      const checks = await latestReconciliations(
        db,
        adapters.map((a) => a.network),
      );
      const networks = await Promise.all(
        adapters.map(async (a) => {
          const r = rows.find((x) => x.network === a.network);
          const balances = r?.hotWalletBalances
            ? (JSON.parse(r.hotWalletBalances) as Record<string, string>)
            : {};
          const waiting = await payoutsIn(db, a.network, [...PAYOUT_VIEWS.waiting], 1000);
          return {
            network: a.network,
            name: WATCHABLE_NETWORKS[a.network].name,
            chainId: r?.chainId ?? null,
            rpcOk: r?.rpcOk ?? false,
            rpcError: r?.rpcError ?? null,
            checkedAt: iso(r?.checkedAt ?? null),
            scannedBlock: r?.scannedBlock ?? null,
            headBlock: r?.headBlock ?? null,
            lag:
              r?.headBlock != null && r.scannedBlock != null
                ? Math.max(0, r.headBlock - r.scannedBlock)
                : null,
            confirmations: deps.settings.get(a.network)?.confirmations ?? 1,
            assets: a.assets.map((x) => x.ticker),
            hotWallet: a.hotWallet
              ? {
                  address: a.hotWallet.address,
                  balances: a.assets.map((x) => ({
                    ticker: x.ticker,
                    amount: toPlain(balances[x.ticker] ?? '0'),
                  })),
                }
              : null,
            payoutsWaiting: waiting.length,
            reconciliation: checks
              .filter((c) => c.network === a.network)
              .map((c) => ({
                ticker: c.ticker,
                chainHeld: toPlain(c.chainHeld),
                ledgerHeld: toPlain(c.ledgerHeld),
                inFlight: toPlain(c.inFlight),
                difference: toPlain(c.difference),
                blockNumber: c.blockNumber,
                checkedAt: c.checkedAt.toISOString(),
              })),
          };
        }),
      );
      return {
        networks,
        autoPayoutMaxUsd: toPlain(deps.limits.autoPayoutMaxUsd),
        autoPayoutDailyMaxUsd: toPlain(deps.limits.autoPayoutDailyMaxUsd),
      };
    },

    async payouts(q: AdminPayoutsQuery): Promise<AdminPage<AdminPayout>> {
      const statuses = q.view ? [...PAYOUT_VIEWS[q.view]] : undefined;
      const [rows, total] = await Promise.all([
        listPayouts(db, statuses, q.pageSize, (q.page - 1) * q.pageSize),
        countPayouts(db, statuses),
      ]);
      return { items: await Promise.all(rows.map(toAdminPayout)), total, page: q.page, pageSize: q.pageSize };
    },

    ...actions,
    bump: createPayoutBump({
      db,
      adapters: deps.adapters,
      changed: (p) => deps.owners[p.purpose].changed(p),
      toAdminPayout,
      log: deps.log,
    }),

    async deposits(q: AdminPageQuery): Promise<AdminPage<AdminChainDeposit>> {
      const [rows, total] = await Promise.all([
        listDepositsSeen(db, q.pageSize, (q.page - 1) * q.pageSize),
        countDepositsSeen(db),
      ]);
      const items = await Promise.all(
        rows.map(async (d) => ({
          id: d.id,
          network: d.network,
          ticker: await ticker(d.assetId),
          address: d.address,
          txHash: d.txHash,
          txUrl: deps.explorerUrl(d.network, d.txHash),
          amount: toPlain(d.amount),
          confirmations: d.confirmations,
          requiredConfirmations: d.requiredConfirmations,
          status: d.status,
          exchangeId: d.exchangeId,
          forUser: d.userId !== null,
          holdReason: d.holdReason,
          createdAt: d.createdAt.toISOString(),
        })),
      );
      return { items, total, page: q.page, pageSize: q.pageSize };
    },
  };
}
