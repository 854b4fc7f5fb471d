import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cn } from '../../../components/ui';

const control =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-indigo-600 dark:focus:ring-indigo-400 ' +
  'dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400';

interface Common {
  label: string;
  /** Already translated; tied to the control with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
  optional?: string | undefined;
}

function Frame({ id, label, error, hint, optional, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {optional ? (
          <span className="ml-1 font-normal text-slate-600 dark:text-slate-400">({optional})</span>
        ) : null}
      </label>
      {children}
      {/* One line is kept for the hint or error so the form does not jump when one appears. */}
      <p
        id={`${id}-note`}
        className={cn(
          'mt-1 min-h-5 text-sm',
          error ? 'font-medium text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400',
        )}
      >
        {error ?? hint}
      </p>
    </div>
  );
}

const border = (error: string | undefined) =>
  error
    ? 'border-red-600 focus:border-red-600 dark:border-red-400'
    : 'border-slate-500 focus:border-indigo-600 dark:border-slate-500';

export function ContactInput({
  label,
  error,
  hint,
  optional,
  ref,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} optional={optional}>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        className={cn(control, border(error))}
        {...input}
      />
    </Frame>
  );
}

export function ContactTextarea({
  label,
  error,
  hint,
  optional,
  ref,
  ...area
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint} optional={optional}>
      <textarea
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        className={cn(control, border(error), 'min-h-40 resize-y')}
        {...area}
      />
    </Frame>
  );
}
