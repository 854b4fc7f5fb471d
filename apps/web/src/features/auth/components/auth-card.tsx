import { type ReactNode, useId } from 'react';

interface AuthCardProps {
  title: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of every authentication screen: a centred card with one heading. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {title}
        </h1>
        {intro ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? (
        <div className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">{footer}</div>
      ) : null}
    </section>
  );
}

export const linkClass =
  'font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 rounded-sm dark:text-indigo-300';
