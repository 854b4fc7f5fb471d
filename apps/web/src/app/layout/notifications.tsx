import { LIMITS } from '@vaultline/shared';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { cn } from '../../components/ui/cn';
import { useTranslation } from '../../lib/i18n';
import { type Notification, type NotificationAction, notifications, type Severity } from '../../lib/notify';

/**
 * A notification raised by the same user action that starts a navigation (notify(); navigate()) is
 * meant for the page being opened, so navigation clears only what was raised at least this long
 * before the navigation started.
 */
export const NAV_GRACE_MS = 1000;

const tone: Record<Severity, { bar: string; icon: string; glyph: string }> = {
  Info: { bar: 'border-l-sky-600 dark:border-l-sky-400', icon: 'text-sky-700 dark:text-sky-300', glyph: 'i' },
  Success: {
    bar: 'border-l-emerald-600 dark:border-l-emerald-400',
    icon: 'text-emerald-700 dark:text-emerald-300',
    glyph: '✓',
  },
  Warning: {
    bar: 'border-l-amber-500 dark:border-l-amber-400',
    icon: 'text-amber-700 dark:text-amber-300',
    glyph: '!',
  },
  Error: {
    bar: 'border-l-red-600 dark:border-l-red-400',
    icon: 'text-red-700 dark:text-red-300',
    glyph: '×',
  },
};

/**
 * Clears notifications on navigation end, keeping those raised just before the navigation began.
 * Navigations are transitions: while the next page's code loads, the layout already renders (in the
 * background) with the new location while the committed one is still the old; that first render
 * marks the start.
 */
export function useClearNotificationsOnNavigation() {
  const { key } = useLocation();
  const committed = useRef<string | null>(null);
  const startedAt = useRef<number | null>(null);
  if (committed.current !== null && key !== committed.current && startedAt.current === null)
    startedAt.current = Date.now();
  useEffect(() => {
    // The first render, or the same location again (StrictMode's second run): nothing to clear.
    if (committed.current === null || committed.current === key) {
      committed.current = key;
      return;
    }
    committed.current = key;
    const start = startedAt.current ?? Date.now();
    startedAt.current = null;
    notifications.clearBefore(start - NAV_GRACE_MS);
  }, [key]);
}

interface Item {
  n: Notification;
  leaving: boolean;
}

/** The notification area of the root layout: renders the store of lib/notify.ts. */
export function Notifications() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(notifications.subscribe, notifications.get, notifications.get);
  const [items, setItems] = useState<Item[]>([]);

  // Keep removed notifications on screen while they fade out.
  useEffect(() => {
    setItems((prev) => {
      const ids = new Set(list.map((n) => n.id));
      const next = prev.map((it) => (ids.has(it.n.id) || it.leaving ? it : { ...it, leaving: true }));
      for (const n of list) if (!prev.some((it) => it.n.id === n.id)) next.push({ n, leaving: false });
      return next;
    });
  }, [list]);

  const gone = useCallback((id: number) => setItems((prev) => prev.filter((it) => it.n.id !== id)), []);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={t('Notifications.Region')}
      className="pointer-events-none fixed inset-x-3 top-20 z-50 flex flex-col items-stretch gap-3 sm:left-auto sm:right-4 sm:w-96"
    >
      {items.map((it) => (
        <NotificationCard key={it.n.id} n={it.n} leaving={it.leaving} onGone={gone} />
      ))}
    </div>
  );
}

function NotificationCard({
  n,
  leaving,
  onGone,
}: {
  n: Notification;
  leaving: boolean;
  onGone: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setShown(true), LIMITS.notificationShowDelayMs);
    return () => clearTimeout(timer);
  }, []);

  // Auto-close; paused while the pointer or focus is on it so it can be read and used (WCAG 2.2.1).
  useEffect(() => {
    if (!n.closeAfter || leaving || paused) return;
    const timer = setTimeout(() => notifications.remove(n.id), n.closeAfter);
    return () => clearTimeout(timer);
  }, [n.closeAfter, n.id, leaving, paused]);

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => onGone(n.id), LIMITS.notificationRemoveDelayMs);
    return () => clearTimeout(timer);
  }, [leaving, n.id, onGone]);

  const run = (action: NotificationAction) => {
    action.callback();
    notifications.remove(n.id);
  };
  const visible = shown && !leaving;
  const c = tone[n.severity];

  return (
    <article
      data-severity={n.severity}
      aria-label={n.title}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={cn(
        'pointer-events-auto flex gap-3 rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-lg',
        'transition-all duration-300 ease-out dark:border-slate-700 dark:bg-slate-800',
        c.bar,
        visible ? 'translate-y-0 opacity-100' : '-translate-y-2 opacity-0',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border text-xs font-bold',
          c.icon,
        )}
      >
        {c.glyph}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 dark:text-white">
          <span className="sr-only">{t(`Notifications.Severity.${n.severity}`)}: </span>
          {n.title}
        </p>
        {n.message ? (
          <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-200">{n.message}</p>
        ) : null}
        {n.continue || n.primary || n.secondary ? (
          <div className="mt-3 flex flex-wrap gap-2">
            {n.continue ? <ActionButton action={n.continue} onRun={run} strong /> : null}
            {n.primary ? <ActionButton action={n.primary} onRun={run} strong /> : null}
            {n.secondary ? <ActionButton action={n.secondary} onRun={run} /> : null}
          </div>
        ) : null}
      </div>
      {n.showCloseButton ? (
        <button
          type="button"
          onClick={() => notifications.remove(n.id)}
          aria-label={t('Notifications.Close')}
          className="-m-1 size-8 shrink-0 rounded-md text-lg leading-none text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white"
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </article>
  );
}

function ActionButton({
  action,
  onRun,
  strong,
}: {
  action: NotificationAction;
  onRun: (a: NotificationAction) => void;
  strong?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={() => onRun(action)}
      className={cn(
        'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        strong
          ? 'bg-indigo-600 text-white hover:bg-indigo-700 dark:bg-indigo-500 dark:hover:bg-indigo-400'
          : 'border border-slate-300 text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-700',
      )}
    >
      {action.label}
    </button>
  );
}
