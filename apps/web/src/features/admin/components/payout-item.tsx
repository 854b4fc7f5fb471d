import { type AdminPayout, PAYOUT_CANCELLABLE } from '@vaultline/shared';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import type { PayoutAction } from '../api/chains';
import { Badge, type Tone } from './admin-ui';
import { ChainHash } from './chain-hash';

const TONE: Record<AdminPayout['status'], Tone> = {
  approval: 'warning',
  funds: 'warning',
  blocked: 'danger',
  queued: 'info',
  signed: 'info',
  sent: 'info',
  mined: 'success',
  confirmed: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

/** What an admin can do to a payout in this state (the server refuses anything else). */
export function payoutActions(
  p: Pick<AdminPayout, 'status' | 'purpose'> & { network?: string; reason?: AdminPayout['reason'] },
): PayoutAction[] {
  const out: PayoutAction[] = [];
  // Sent and not mined on a UTXO network, or refused by the node at its first broadcast: its
  // transaction can be replaced at a higher fee (RBF).
  const waiting = p.status === 'sent' || (p.status === 'signed' && p.reason === 'rejected');
  if (waiting && (p.network === 'BTC' || p.network === 'LTC')) out.push('bump');
  if (p.status === 'approval' || p.status === 'blocked') out.push('send');
  // A withdrawal whose payout failed has ended with its money back: nothing to pay again.
  if (p.status === 'failed' && p.purpose !== 'withdrawal') out.push('retry');
  if ((PAYOUT_CANCELLABLE as readonly string[]).includes(p.status)) {
    // Only an exchange's payout has a refund address to go to instead.
    if (p.purpose === 'exchange_payout') out.push('redirect');
    out.push('cancel');
  }
  return out;
}

const LABEL: Record<PayoutAction, string> = {
  send: 'Admin.Networks.Send',
  retry: 'Admin.Networks.Retry',
  redirect: 'Admin.Networks.Redirect',
  cancel: 'Admin.Networks.Cancel',
  bump: 'Admin.Networks.Bump',
};
const VARIANT = {
  send: 'success',
  retry: 'primary',
  redirect: 'secondary',
  cancel: 'danger',
  bump: 'primary',
} as const;

/** One payout of the queue: what, to whom, its state and why, and the admin's actions. */
export function PayoutItem({
  payout: p,
  busy,
  onAction,
}: {
  payout: AdminPayout;
  busy: boolean;
  onAction: (action: PayoutAction) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const actions = payoutActions(p);
  return (
    <li
      data-testid="payout"
      data-status={p.status}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 dark:text-white">
            {f.amount(p.amount)} {p.ticker}{' '}
            <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
              ≈ {f.money(p.usdValue, 'USD')} · {t(`Admin.Networks.Purpose.${p.purpose}`)}
            </span>
          </p>
          <p className="mt-1 font-mono text-sm break-all text-slate-700 dark:text-slate-300">{p.toAddress}</p>
        </div>
        <Badge tone={TONE[p.status]}>{t(`Admin.Networks.Status.${p.status}`)}</Badge>
      </div>
      {p.reason ? (
        <p className="mt-2 text-sm text-amber-900 dark:text-amber-200">
          {t(`Admin.Networks.Reason.${p.reason}`)}
        </p>
      ) : null}
      {p.lastError ? (
        <p className="mt-1 font-mono text-xs break-all text-slate-700 dark:text-slate-300">
          {t('Admin.Networks.NodeSaid', { error: p.lastError })}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <span>{f.dateTime(p.createdAt)}</span>
        {p.txHash ? <ChainHash hash={p.txHash} url={p.txUrl} /> : null}
        {p.networkFee ? <span>{t('Admin.Networks.Fee', { fee: f.amount(p.networkFee) })}</span> : null}
        <span>
          {t(
            p.purpose === 'deposit_refund'
              ? 'Admin.Networks.TransferRef'
              : p.purpose === 'withdrawal'
                ? 'Admin.Networks.WithdrawalRef'
                : 'Admin.Networks.ExchangeRef',
            { id: p.reference.slice(0, 8) },
          )}
        </span>
      </div>
      {actions.length > 0 ? (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          {actions.map((a) => (
            <Button
              key={a}
              size="sm"
              variant={VARIANT[a]}
              aria-disabled={busy || undefined}
              onClick={() => (busy ? undefined : onAction(a))}
            >
              {t(a === 'send' && p.status === 'blocked' ? 'Admin.Networks.SendAgain' : LABEL[a])}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}
