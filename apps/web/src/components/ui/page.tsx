import type { ReactNode } from 'react';
import { cn } from './cn';

/** The content column every page uses: width, padding and vertical rhythm. */
export function Page({
  children,
  className,
  wide,
}: {
  children: ReactNode;
  className?: string;
  wide?: boolean;
}) {
  return (
    <div
      className={cn('mx-auto w-full px-4 py-8 sm:px-6 lg:px-8', wide ? 'max-w-7xl' : 'max-w-5xl', className)}
    >
      {children}
    </div>
  );
}

/** A page's h1 with its one-line purpose and optional actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {title}
        </h1>
        {description ? (
          <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-300">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex max-w-full shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}

/** A bordered surface. */
export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section
      className={cn(
        'rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900',
        className,
      )}
    >
      {children}
    </section>
  );
}
