import { cn } from '../../../components/ui';

const TONES = {
  success: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/50 dark:text-emerald-300',
  danger: 'bg-red-100 text-red-700 dark:bg-red-900/50 dark:text-red-300',
  neutral: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
} as const;

const PATHS = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  danger: 'M7 7l10 10M17 7L7 17',
  neutral: 'M6 12h12',
} as const;

/** The round mark at the top of a payment's outcome: a tick, a cross, or a dash (cancelled). */
export function StateIcon({ tone }: { tone: keyof typeof TONES }) {
  return (
    <span
      aria-hidden="true"
      className={cn('mx-auto flex size-14 items-center justify-center rounded-full', TONES[tone])}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <path d={PATHS[tone]} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

/** A big spinner that only shows (the text beside it says what is awaited). */
export function BigSpinner() {
  return (
    <span
      aria-hidden="true"
      className="mx-auto block size-12 animate-spin rounded-full border-4 border-slate-200 border-t-indigo-600 dark:border-slate-700 dark:border-t-indigo-400"
    />
  );
}
