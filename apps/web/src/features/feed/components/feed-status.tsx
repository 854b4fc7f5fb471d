import { cn } from '../../../components/ui/cn';
import { useTranslation } from '../../../lib/i18n';
import type { FeedState } from '../lib/feed-connection';

const dot: Record<FeedState, string> = {
  Connected: 'bg-emerald-500',
  Connecting: 'animate-pulse bg-amber-500',
  Reconnecting: 'animate-pulse bg-amber-500',
  Error: 'bg-red-500',
  Disconnected: 'bg-slate-400',
};

/**
 * The live connection state (spec-1 §4), discreet: a dot and a short word, read politely by screen
 * readers when it changes.
 */
export function FeedStatus({ state, className }: { state: FeedState; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      role="status"
      aria-live="polite"
      data-testid="feed-status"
      data-state={state}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-2.5 py-0.5 text-xs text-slate-600',
        'dark:border-slate-700 dark:text-slate-300',
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', dot[state])} />
      <span className="sr-only">{t('Feed.Label')}: </span>
      {t(`Feed.States.${state}`)}
    </span>
  );
}
