import { cn } from '../../../components/ui/cn';
import { useTranslation } from '../../../lib/i18n';
import { statusView } from '../../convert/lib/status';

/** spec-1 §4 badge colours: success green, failed red, the three in-progress states yellow, else grey. */
const tones = {
  success: 'bg-emerald-100 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-900/50 dark:text-emerald-200',
  danger: 'bg-red-100 text-red-800 ring-red-600/30 dark:bg-red-900/50 dark:text-red-200',
  warning: 'bg-yellow-100 text-yellow-900 ring-yellow-600/40 dark:bg-yellow-900/40 dark:text-yellow-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-300',
} as const;

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const view = statusView(status);
  return (
    <span
      data-testid="status-badge"
      data-tone={view.tone}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[view.tone],
      )}
    >
      {t(`Exchange.Status.${view.key}`)}
    </span>
  );
}
