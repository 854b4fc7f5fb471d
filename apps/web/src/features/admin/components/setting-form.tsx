import { type FormEvent, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { Button, Card } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import type { Checked } from '../lib/settings-validation';
import { ButtonSpinner } from './admin-ui';

interface Props {
  title: string;
  label: string;
  /** The value shown when the form opens (the current setting). */
  initial: string;
  /** What is in force now, shown in an info box above the field. */
  info?: ReactNode;
  help?: ReactNode;
  /** Extra attributes of the input (type, step, min, inputMode...). */
  input?: InputHTMLAttributes<HTMLInputElement>;
  /** Shown after the field (a unit such as %). */
  suffix?: string;
  check: (raw: string) => Checked;
  saving: boolean;
  submitLabel: string;
  savingLabel: string;
  /** Sends the checked value; resolves when the save is over (either way). */
  onSave: (value: string) => void;
  testId?: string;
}

/**
 * One setting (spec-2 §5): nothing is sent while the value is invalid, and the message shows only
 * after a submit attempt (then follows the typing). The button shows a spinner while saving.
 */
export function SettingForm(props: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(props.initial);
  const [submitted, setSubmitted] = useState(false);
  const checked = props.check(value);
  const error = submitted && !checked.ok ? t(checked.key, checked.values) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!checked.ok || props.saving) return;
    props.onSave(checked.value);
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate data-testid={props.testId} className="space-y-4">
        <h2 className="text-lg font-semibold">{props.title}</h2>
        {props.info ? (
          <div className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/50 dark:text-sky-100">
            {props.info}
          </div>
        ) : null}
        <div>
          <label htmlFor={`${id}-v`} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            {props.label}
          </label>
          <div className="mt-1 flex max-w-md items-center gap-2">
            <input
              id={`${id}-v`}
              value={value}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={
                [error ? `${id}-error` : '', props.help ? `${id}-help` : ''].join(' ').trim() || undefined
              }
              onChange={(e) => setValue(e.target.value)}
              className="block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
              {...props.input}
            />
            {props.suffix ? <span className="text-slate-600 dark:text-slate-300">{props.suffix}</span> : null}
          </div>
          {error ? (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          {props.help ? (
            <p id={`${id}-help`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {props.help}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={props.saving} aria-busy={props.saving || undefined}>
          {props.saving ? <ButtonSpinner label={props.savingLabel} /> : null}
          {props.saving ? props.savingLabel : props.submitLabel}
        </Button>
      </form>
    </Card>
  );
}
