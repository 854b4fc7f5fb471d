import type { Wallet } from '@vaultline/shared';
import { lazy, Suspense } from 'react';

// The figure needs decimal.js (the exact quote) and the rate query: loaded once an amount is typed,
// so the home page's first load stays without decimal.js (apps/web/budgets.json, decision 0023).
const LiveReceiveFigure = lazy(() => import('./live-receive-figure'));

interface Props {
  source: Wallet | undefined;
  destination: Wallet | undefined;
  /** The amount as typed, normalised (normaliseAmount): the figure checks it exactly. */
  amount: string;
  /** Premium callers pay no fee, as the server applies it (DECISIONS §3). */
  feeFree?: boolean;
  /** A partner's commission (the widget): null while unknown, then no figure is shown. */
  commissionRate?: string | null;
}

/**
 * "≈ You receive …" under the amount, as the user types: an estimate from the server's published
 * rate and fee rate, computed by the same shared function as the server's quote (estimateExchange).
 * The live region is always in the page (empty when there is nothing to say) so a screen reader
 * hears each new figure; its height is kept so the form does not move as it fills.
 */
export function LiveReceive({ source, destination, amount, feeFree = false, commissionRate }: Props) {
  const show =
    source !== undefined &&
    destination !== undefined &&
    source.id !== destination.id &&
    amount !== '' &&
    commissionRate !== null;
  return (
    <p
      aria-live="polite"
      aria-atomic="true"
      data-testid="live-receive"
      className="mt-2 min-h-6 text-base font-semibold tabular-nums text-slate-900 dark:text-white"
    >
      {show ? (
        <Suspense fallback={null}>
          <LiveReceiveFigure
            source={source}
            destination={destination}
            amount={amount}
            feeFree={feeFree}
            {...(commissionRate ? { commissionRate } : {})}
          />
        </Suspense>
      ) : null}
    </p>
  );
}
