import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Already translated; shown under the input and tied to it with aria-describedby. */
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
  /** Something drawn inside the input's right edge (the password toggle). */
  trailing?: ReactNode;
}

export const inputClass =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-indigo-600 dark:focus:ring-indigo-400 ' +
  'dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:[color-scheme:dark]';

/** A labelled input with its hint and error; the label is bound to the input by id. */
export function TextField({ label, error, hint, id, trailing, className, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  const border = error
    ? 'border-red-600 focus:border-red-600 dark:border-red-400'
    : 'border-slate-500 focus:border-indigo-600 dark:border-slate-500';
  return (
    <div className={className}>
      <label
        htmlFor={inputId}
        className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${border} ${trailing ? 'pr-20' : ''}`}
          {...input}
        />
        {trailing}
      </div>
      {/* One line is always kept for the hint or error, so a message appearing when a field loses
          focus does not move the button the user is clicking. */}
      <p
        id={error ? `${inputId}-error` : `${inputId}-hint`}
        className={
          error
            ? 'mt-1 min-h-5 text-sm font-medium text-red-700 dark:text-red-400'
            : 'mt-1 min-h-5 text-sm text-slate-600 dark:text-slate-400'
        }
      >
        {error ?? hint}
      </p>
    </div>
  );
}
