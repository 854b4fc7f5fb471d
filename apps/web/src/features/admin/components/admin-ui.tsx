import type { ReactNode } from 'react';
import { Button, cn, Spinner } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';

export type Tone = 'success' | 'danger' | 'warning' | 'neutral' | 'info';

const tones: Record<Tone, string> = {
  success: 'bg-emerald-100 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-900/50 dark:text-emerald-200',
  danger: 'bg-red-100 text-red-800 ring-red-600/30 dark:bg-red-900/50 dark:text-red-200',
  warning: 'bg-amber-100 text-amber-900 ring-amber-600/40 dark:bg-amber-900/40 dark:text-amber-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-300',
  info: 'bg-indigo-100 text-indigo-800 ring-indigo-600/30 dark:bg-indigo-900/50 dark:text-indigo-200',
};

/** A small coloured label (status, role, hash prefix). */
export function Badge({
  tone,
  children,
  className,
  testId,
}: {
  tone: Tone;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      data-tone={tone}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** A list or page still loading: a centred spinner with its text. */
export function LoadingBlock({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('Admin.Common.Loading');
  return (
    <div className="flex items-center justify-center gap-3 py-12 text-slate-600 dark:text-slate-300">
      <Spinner label={text} className="[&>span:first-child]:size-7" />
      <span aria-hidden="true">{text}</span>
    </div>
  );
}

/** A load that failed: what went wrong and a way to try again. */
export function ErrorBlock({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <p>{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('Admin.Common.Retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** Nothing to show. */
export function EmptyBlock({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
      {children}
    </p>
  );
}

/** A label and its value in a definition list. */
export function Detail({ label, children, mono }: { label: ReactNode; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd
        className={cn(
          'mt-0.5 break-words text-slate-900 dark:text-slate-100',
          mono && 'font-mono text-sm break-all',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

/** Segmented buttons choosing one of a few filters (aria-pressed tells which). */
export function FilterButtons<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
            // Chosen: a filled button, 3:1 or more against the group (white on light grey was 1.1:1).
            o.value === value
              ? 'bg-indigo-600 text-white shadow-sm dark:bg-indigo-500'
              : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
          )}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

/** A spinner sized and coloured for the inside of a button. */
export function ButtonSpinner({ label }: { label: string }) {
  return (
    <Spinner
      label={label}
      className="[&>span:first-child]:size-4 [&>span:first-child]:border-current/30 [&>span:first-child]:border-t-current"
    />
  );
}
