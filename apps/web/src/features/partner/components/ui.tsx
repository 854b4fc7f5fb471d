import type { ReactNode } from 'react';
import { Button, cn, Spinner } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';

/** The inputs of the partner forms: the app's field look, a clear border, dark-mode colours. */
export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:focus:ring-indigo-400';

export type Tone = 'success' | 'danger' | 'warning' | 'neutral' | 'info';

const tones: Record<Tone, string> = {
  success: 'bg-emerald-100 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-900/50 dark:text-emerald-200',
  danger: 'bg-red-100 text-red-800 ring-red-600/30 dark:bg-red-900/50 dark:text-red-200',
  warning: 'bg-amber-100 text-amber-900 ring-amber-600/40 dark:bg-amber-900/40 dark:text-amber-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-300',
  info: 'bg-indigo-100 text-indigo-800 ring-indigo-600/30 dark:bg-indigo-900/50 dark:text-indigo-200',
};

/** A small coloured label (a status, a scope, an event). */
export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

/** A section still loading: a centred spinner with its text. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('Partner.Common.Loading');
  return (
    <div className="flex items-center justify-center gap-3 py-10 text-slate-600 dark:text-slate-300">
      <Spinner label={text} />
      <span aria-hidden="true">{text}</span>
    </div>
  );
}

/** A load that failed: what went wrong and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
    >
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('Partner.Common.Retry')}
      </Button>
    </div>
  );
}

/** Nothing to show yet. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
      {children}
    </p>
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

/** Copies `text`; the button is named after what it copies, a notification says how it went. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify({ title: t('Partner.Common.Copied'), severity: 'Success', closeAfter: 2000 });
    } catch {
      notify({ title: t('Partner.Common.CopyFailed'), severity: 'Error' });
    }
  };
  return (
    <Button variant="secondary" size="sm" aria-label={label} onClick={() => void copy()}>
      {t('Partner.Common.Copy')}
    </Button>
  );
}

/** A section of the partner area: a heading and its content. */
export function Section({
  title,
  description,
  actions,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      data-testid={testId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
          {description ? (
            <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-300">{description}</p>
          ) : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
