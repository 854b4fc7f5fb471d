import { type Decimal, type PayoutReason, toPlain } from '@vaultline/shared';
import type { PayoutWorkerDeps } from '../chain-payouts';
import { HOT_WALLET_DETAIL } from '../payout-sign';
import { movePayout, type PayoutRow, type PayoutStatus } from '../payouts.repository';

/**
 * The automatic limits a waiting payout passes before it joins a batch, as on EVM (payout-sign.ts):
 * valued now from the rate service; without a price, an automatic one waits; above the automatic
 * limit, it waits for an admin's Send. The daily cap is checked again in the signing transaction.
 * One paying the hot wallet itself (the hot key changed since it was asked for) is blocked, reason
 * `hotWallet`, and never signed.
 */
export function waitingGate(
  deps: Pick<PayoutWorkerDeps, 'db' | 'adapter' | 'tickerOf' | 'usdPrice' | 'owners' | 'log'> & {
    autoPayoutMaxUsd: Decimal;
  },
) {
  const { db, adapter } = deps;
  const hot = adapter.utxoWallet ? adapter.normalAddress(adapter.utxoWallet.address) : undefined;
  async function hold(p: PayoutRow, status: PayoutStatus, reason: PayoutReason, usd?: Decimal) {
    if (p.status === status && p.reason === reason) return;
    const row = await movePayout(db, p.id, ['queued', 'funds'], {
      status,
      reason,
      ...(usd ? { usdValue: toPlain(usd) } : {}),
      ...(reason === 'hotWallet' ? { lastError: HOT_WALLET_DETAIL } : {}),
    });
    if (row)
      await deps.owners[row.purpose]
        .changed(row)
        .catch((err) => deps.log.error({ err }, 'payout follow-up failed'));
  }
  return async function gate(ps: PayoutRow[]): Promise<{ p: PayoutRow; usd: Decimal | undefined }[]> {
    const out: { p: PayoutRow; usd: Decimal | undefined }[] = [];
    for (const p of ps) {
      if (adapter.normalAddress(p.toAddress) === hot) {
        deps.log.warn(
          { network: adapter.network, payout: p.id },
          `${adapter.network}: ALERT payout ${p.id} pays the hot wallet itself; blocked, never signed`,
        );
        await hold(p, 'blocked', 'hotWallet');
        continue;
      }
      const ticker = await deps.tickerOf(p.assetId);
      if (!ticker || !adapter.assets.some((a) => a.ticker === ticker)) continue;
      const usd = deps.usdPrice(ticker)?.mul(p.amount).toDecimalPlaces(2);
      const auto = p.approvedBy === null;
      if (auto && !usd) await hold(p, 'queued', 'noPrice');
      else if (auto && usd?.gt(deps.autoPayoutMaxUsd)) await hold(p, 'approval', 'overLimit', usd);
      else out.push({ p, usd });
    }
    return out;
  };
}
