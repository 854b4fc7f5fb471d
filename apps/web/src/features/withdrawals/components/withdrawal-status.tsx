import type { WithdrawalStatus } from '@vaultline/shared';
import { cn } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';

const TONE: Record<WithdrawalStatus, string> = {
  review: 'bg-amber-100 text-amber-900 ring-amber-600/40 dark:bg-amber-900/40 dark:text-amber-200',
  queued: 'bg-slate-100 text-slate-800 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200',
  sending: 'bg-indigo-100 text-indigo-800 ring-indigo-600/30 dark:bg-indigo-900/50 dark:text-indigo-200',
  sent: 'bg-indigo-100 text-indigo-800 ring-indigo-600/30 dark:bg-indigo-900/50 dark:text-indigo-200',
  completed:
    'bg-emerald-100 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-900/50 dark:text-emerald-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-300',
  rejected: 'bg-red-100 text-red-800 ring-red-600/30 dark:bg-red-900/50 dark:text-red-200',
  failed: 'bg-red-100 text-red-800 ring-red-600/30 dark:bg-red-900/50 dark:text-red-200',
};

/** A withdrawal's status as a coloured label in the UI language. */
export function WithdrawalStatusBadge({
  status,
  className,
}: {
  status: WithdrawalStatus;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="withdrawal-status"
      data-status={status}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONE[status],
        className,
      )}
    >
      {t(`Withdraw.Status.${status}`)}
    </span>
  );
}
