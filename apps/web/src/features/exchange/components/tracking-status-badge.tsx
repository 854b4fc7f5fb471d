import { cn } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { statusView } from '../../convert/lib/status';

// spec-1 §4 badge colours: success green, failed red, pending / awaiting / not processed yellow, else grey.
const TONES = {
  success: 'bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-900/50 dark:text-emerald-100',
  danger: 'bg-red-100 text-red-900 ring-red-600/30 dark:bg-red-900/50 dark:text-red-100',
  warning: 'bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-900/50 dark:text-amber-100',
  neutral: 'bg-slate-100 text-slate-800 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200',
} as const;

/** The status of an exchange as a coloured badge with its spec-1 §3 label. */
export function TrackingStatusBadge({ status, className }: { status: number; className?: string }) {
  const { t } = useTranslation();
  const view = statusView(status);
  return (
    <span
      data-testid="status-badge"
      data-tone={view.tone}
      className={cn(
        'inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset',
        TONES[view.tone],
        className,
      )}
    >
      {t(`Exchange.Status.${view.key}`)}
    </span>
  );
}
