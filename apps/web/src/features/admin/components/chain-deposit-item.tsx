import type { AdminChainDeposit } from '@vaultline/shared';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { Badge, type Tone } from './admin-ui';
import { ChainHash } from './chain-hash';

const TONE: Record<AdminChainDeposit['status'], Tone> = {
  seen: 'info',
  orphaned: 'warning',
  final: 'success',
};

/** One transfer seen to a watched address: amount, its confirmations, and why it waits for an admin. */
export function ChainDepositItem({
  deposit: d,
  onRefund,
}: {
  deposit: AdminChainDeposit;
  onRefund: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <li
      data-testid="chain-deposit"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold text-slate-900 dark:text-white">
          {f.amount(d.amount)} {d.ticker}{' '}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
            · {t(d.forUser ? 'Admin.Networks.ForUser' : 'Admin.Networks.ForExchange')}
          </span>
        </p>
        <Badge tone={TONE[d.status]}>
          {d.status === 'seen'
            ? t('Tracking.Chain.Steps.ConfirmationsOf', {
                seen: d.confirmations,
                count: d.requiredConfirmations,
              })
            : t(`Admin.Networks.DepositStatus.${d.status}`)}
        </Badge>
      </div>
      <p className="mt-1 font-mono text-sm break-all text-slate-700 dark:text-slate-300">{d.address}</p>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <span>{f.dateTime(d.createdAt)}</span>
        <span>{d.network}</span>
        <ChainHash hash={d.txHash} url={d.txUrl} />
      </div>
      {d.holdReason ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-amber-900 dark:text-amber-200">
            {t(`Admin.Networks.Hold.${d.holdReason}`)}
          </p>
          {/* Dust is never refunded: it stays at the address for the operator's sweep. */}
          {d.holdReason === 'dust' ? null : (
            <Button size="sm" variant="secondary" onClick={onRefund}>
              {t('Admin.Networks.Refund')}
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}
