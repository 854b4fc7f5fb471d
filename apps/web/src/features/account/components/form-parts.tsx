import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { Button, cn, Spinner } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';

const control =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-indigo-600 dark:focus:ring-indigo-400 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:[color-scheme:dark]';
const border = (error?: string) =>
  error
    ? 'border-red-600 focus:border-red-600 dark:border-red-400'
    : 'border-slate-500 focus:border-indigo-600 dark:border-slate-500';

function Label({ id, children }: { id: string; children: ReactNode }) {
  return (
    <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
      {children}
    </label>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
      {error}
    </p>
  ) : null;
}

interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
  inputClassName?: string;
}

/** A labelled input with its error tied by aria-describedby. */
export function InputField({ id, label, error, className, inputClassName, ...rest }: InputProps) {
  return (
    <div className={className}>
      <Label id={id}>{label}</Label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(control, border(error), inputClassName)}
        {...rest}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}

export function SelectField({ id, label, error, className, children, ...rest }: SelectProps) {
  return (
    <div className={className}>
      <Label id={id}>{label}</Label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(control, border(error))}
        {...rest}
      >
        {children}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** Save (with a spinner while it runs) and Cancel under an inline form. */
export function SaveCancel({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      <Button type="submit" size="sm" disabled={pending} aria-busy={pending || undefined}>
        {pending ? <Spinner label={t('MyAccount.Saving')} /> : null}
        {t('MyAccount.Save')}
      </Button>
      <Button variant="secondary" size="sm" onClick={onCancel} disabled={pending}>
        {t('MyAccount.Cancel')}
      </Button>
    </div>
  );
}
