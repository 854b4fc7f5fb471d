import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { formatClock, secondsUntil, URGENT_SECONDS } from '../lib/manual-deposit-time';

/**
 * Time left to send the deposit (the exchange's expiresAt), ticking every second, and what happens
 * when it runs out. Calls onExpired once at zero so the page can read the server's status again.
 */
export function DepositCountdown({
  expiresAt,
  onExpired,
  watched = false,
}: {
  expiresAt: string;
  onExpired?: () => void;
  /** A watched network: a deposit arriving late is still settled (or refunded), never lost. */
  watched?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [left, setLeft] = useState(() => secondsUntil(expiresAt));
  const fired = useRef(false);
  const expired = useRef(onExpired);
  expired.current = onExpired;

  useEffect(() => {
    fired.current = false;
    const tick = () => {
      const s = secondsUntil(expiresAt);
      setLeft(s);
      if (s === 0 && !fired.current) {
        fired.current = true;
        expired.current?.();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  const deadline = formatDateTime(expiresAt, {}, i18n.language);
  if (left === 0) {
    return (
      <p
        role="alert"
        data-testid="deposit-expired"
        className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
      >
        {t(watched ? 'ManualDeposit.Chain.Expired' : 'ManualDeposit.Submitted.Expired')}
      </p>
    );
  }
  const urgent = left <= URGENT_SECONDS;
  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium text-slate-700 dark:text-slate-200">
          {t('ManualDeposit.Submitted.TimeLeft')}
        </span>
        <span
          role="timer"
          data-testid="deposit-countdown"
          aria-label={t('ManualDeposit.Submitted.TimeLeftLabel', { time: formatClock(left) })}
          className={cn(
            'rounded-full px-3 py-1 font-mono font-semibold tabular-nums',
            urgent
              ? 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200'
              : 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/50 dark:text-indigo-200',
          )}
        >
          {formatClock(left)}
        </span>
      </p>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {t(watched ? 'ManualDeposit.Chain.Expiry' : 'ManualDeposit.Submitted.Expiry', { time: deadline })}
      </p>
    </div>
  );
}
