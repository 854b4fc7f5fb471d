import type { ReactNode } from 'react';

/** One figure of the admin home: its label, the value large, an optional hint. */
export function StatTile({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight break-words text-slate-900 tabular-nums dark:text-white">
        {value}
      </dd>
    </div>
  );
}
