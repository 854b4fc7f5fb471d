import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { secondsLeft } from '../lib/amount';

interface Props {
  expirationUtc: string;
  onExpired: () => void;
}

/** Seconds left on the lock, ticking every 1 s (spec-1 §9); calls onExpired once at zero. */
export function Countdown({ expirationUtc, onExpired }: Props) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(() => secondsLeft(expirationUtc));
  const fired = useRef(false);
  const expired = useRef(onExpired);
  expired.current = onExpired;

  useEffect(() => {
    const tick = () => {
      const s = secondsLeft(expirationUtc);
      setLeft(s);
      if (s === 0 && !fired.current) {
        fired.current = true;
        expired.current();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [expirationUtc]);

  const mm = Math.floor(left / 60);
  const ss = String(left % 60).padStart(2, '0');
  const urgent = left <= 10;
  return (
    <p className="flex items-center justify-between gap-2 text-sm">
      <span className="text-slate-600 dark:text-slate-300">{t('Exchange.Preview.TimeLeft')}</span>
      <span
        role="timer"
        aria-label={t('Exchange.Preview.SecondsLeft', { count: left })}
        className={`rounded-full px-3 py-1 font-mono font-semibold tabular-nums ${
          urgent
            ? 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200'
            : 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/50 dark:text-indigo-200'
        }`}
      >
        {mm}:{ss}
      </span>
    </p>
  );
}
