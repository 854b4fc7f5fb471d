import { cn } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';

/**
 * Where the guest is in the deposit: 1 details, 2 send and confirm (manual), or 2 send (a watched
 * network: the deposit is seen on the chain, nothing to confirm).
 */
export function ManualDepositSteps({ step, watched }: { step: 1 | 2; watched: boolean }) {
  const { t } = useTranslation();
  const items = [
    t('ManualDeposit.StepDetails'),
    t(watched ? 'ManualDeposit.StepSendWatched' : 'ManualDeposit.StepSend'),
  ];
  return (
    <ol
      aria-label={t(watched ? 'ManualDeposit.StepsLabelWatched' : 'ManualDeposit.StepsLabel')}
      className="mb-6 flex flex-wrap gap-x-6 gap-y-2 text-sm"
    >
      {items.map((label, i) => {
        const n = i + 1;
        const current = n === step;
        const done = n < step;
        return (
          <li key={label} aria-current={current ? 'step' : undefined} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 items-center justify-center rounded-full text-xs font-bold',
                current && 'bg-indigo-600 text-white dark:bg-indigo-500',
                done && 'bg-emerald-600 text-white dark:bg-emerald-500',
                !current && !done && 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
              )}
            >
              {done ? '✓' : n}
            </span>
            <span
              className={cn(
                current
                  ? 'font-semibold text-slate-900 dark:text-white'
                  : 'text-slate-600 dark:text-slate-400',
              )}
            >
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
