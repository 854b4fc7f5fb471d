import { Decimal } from '@vaultline/shared';
import { UtxoTxError } from './tx-size.js';

/**
 * The fee rate a payout pays: the node's `estimatesmartfee` for the wanted confirmation target,
 * kept between the operator's floor and ceiling (NET_FEE_RATE_MIN, NET_FEE_RATE_MAX, sat/vB). The
 * ceiling caps what a spike (or a lying node) can cost; the floor keeps a payout relayable. With no
 * estimate (a fresh node, a quiet regtest chain) the floor is used; a payout that then waits can be
 * bumped (rbf.ts).
 */
export interface FeeRateBounds {
  min: number;
  max: number;
}

export interface FeeRateChoice {
  /** sat/vB, to 3 decimals (sat per 1000 vB, the node's own precision) */
  feeRate: number;
  /** What the node estimated in sat/vB, or null when it had no estimate. */
  estimated: number | null;
  source: 'estimate' | 'floor' | 'ceiling' | 'no-estimate';
}

export interface SmartFeeEstimate {
  /** BTC (LTC) per 1000 vB, as the node returns it */
  feerate?: number | string;
  errors?: string[];
  blocks?: number;
}

export type NodeCall = (method: string, params: unknown[]) => Promise<unknown>;

export function checkFeeRateBounds(b: FeeRateBounds): void {
  if (!(Number.isFinite(b.min) && Number.isFinite(b.max) && b.min > 0 && b.max >= b.min)) {
    throw new UtxoTxError(
      'bad-fee-rate',
      `fee rate bounds must be positive with min ≤ max (got ${b.min}, ${b.max})`,
    );
  }
}

/** Coin per kvB (the node's unit) to sat/vB: × 10^8 / 1000, exact, to 3 decimals. */
export function coinPerKvBToSatPerVb(feerate: number | string): number {
  const satPerKvB = new Decimal(String(feerate)).times(100_000_000).toDecimalPlaces(0, Decimal.ROUND_CEIL);
  return satPerKvB.div(1000).toNumber();
}

export function feeRateFromEstimate(est: SmartFeeEstimate, bounds: FeeRateBounds): FeeRateChoice {
  checkFeeRateBounds(bounds);
  const raw = est.feerate;
  const estimated =
    raw !== undefined && raw !== null && Number(raw) > 0 && Number.isFinite(Number(raw))
      ? coinPerKvBToSatPerVb(raw)
      : null;
  if (estimated === null) return { feeRate: bounds.min, estimated, source: 'no-estimate' };
  if (estimated < bounds.min) return { feeRate: bounds.min, estimated, source: 'floor' };
  if (estimated > bounds.max) return { feeRate: bounds.max, estimated, source: 'ceiling' };
  return { feeRate: estimated, estimated, source: 'estimate' };
}

/** Asks the node (`estimatesmartfee target CONSERVATIVE`) and clamps its answer. */
export async function estimateFeeRate(
  call: NodeCall,
  target: number,
  bounds: FeeRateBounds,
): Promise<FeeRateChoice> {
  checkFeeRateBounds(bounds);
  const est = (await call('estimatesmartfee', [target, 'CONSERVATIVE'])) as SmartFeeEstimate;
  return feeRateFromEstimate(est ?? {}, bounds);
}
