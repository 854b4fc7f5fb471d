import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { keepTabInDialog } from '../../../components/ui/dialog-focus';
import { useTranslation } from '../../../lib/i18n';
import { ButtonSpinner } from './admin-ui';

export interface DecisionInput {
  notes: string;
  /** The extra fields' values by name, trimmed. */
  values: Record<string, string>;
}

/** An extra one-line field of the dialog (an amount, a hash, an address). */
export interface DecisionField {
  name: string;
  label: string;
  hint?: string;
  mono?: boolean;
  inputMode?: 'decimal' | 'text';
}

interface Props {
  open: boolean;
  title: string;
  /** What is being decided (amounts, ids), shown above the fields. */
  summary?: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  /** Ask for notes; `required` refuses an empty text with `requiredMessage`. */
  notes?: { label: string; required?: boolean; requiredMessage?: string; max?: number };
  /** Extra optional fields. */
  fields?: DecisionField[];
  busy: boolean;
  /** The last failure of this decision, shown in the dialog (it stays open to try again). */
  error?: string | null;
  onConfirm: (input: DecisionInput) => void;
  onClose: () => void;
}

/**
 * A confirmation on the native <dialog>: showModal() keeps focus inside, Escape cancels and focus
 * returns to the button that opened it. Used for every back-office decision.
 */
export function DecisionDialog(props: Props) {
  const {
    open,
    title,
    summary,
    confirmLabel,
    confirmVariant = 'primary',
    notes,
    fields = [],
    busy,
    error,
  } = props;
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const id = useId();
  const [noteText, setNoteText] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [noteError, setNoteError] = useState<string | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      setNoteText('');
      setValues({});
      setNoteError(null);
      d.showModal();
    } else if (!open && d.open) {
      d.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (notes?.required && !noteText.trim()) {
      setNoteError(notes.requiredMessage ?? null);
      return;
    }
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    props.onConfirm({ notes: noteText.trim(), values: trimmed });
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onKeyDown={keepTabInDialog}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) props.onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      {open ? (
        <form onSubmit={submit} noValidate className="space-y-4 p-6">
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            {title}
          </h2>
          {summary ? <div className="text-sm text-slate-700 dark:text-slate-300">{summary}</div> : null}
          {notes ? (
            <div>
              <label htmlFor={`${id}-notes`} className="block text-sm font-medium">
                {notes.label}
              </label>
              <textarea
                id={`${id}-notes`}
                value={noteText}
                maxLength={notes.max ?? 1000}
                rows={3}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={noteError ? `${id}-notes-error` : undefined}
                onChange={(e) => {
                  setNoteText(e.target.value);
                  setNoteError(null);
                }}
                className="mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
              />
              {noteError ? (
                <p id={`${id}-notes-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                  {noteError}
                </p>
              ) : null}
            </div>
          ) : null}
          {fields.map((field) => (
            <div key={field.name}>
              <label htmlFor={`${id}-${field.name}`} className="block text-sm font-medium">
                {field.label}
              </label>
              <input
                id={`${id}-${field.name}`}
                value={values[field.name] ?? ''}
                maxLength={200}
                autoComplete="off"
                spellCheck={false}
                inputMode={field.inputMode}
                aria-describedby={field.hint ? `${id}-${field.name}-hint` : undefined}
                onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                className={`mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100 ${field.mono ? 'font-mono text-sm' : ''}`}
              />
              {field.hint ? (
                <p
                  id={`${id}-${field.name}-hint`}
                  className="mt-1 text-sm text-slate-600 dark:text-slate-400"
                >
                  {field.hint}
                </p>
              ) : null}
            </div>
          ))}
          {error ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200"
            >
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={props.onClose} disabled={busy}>
              {t('Admin.Common.Cancel')}
            </Button>
            <Button type="submit" variant={confirmVariant} disabled={busy} aria-busy={busy || undefined}>
              {busy ? <ButtonSpinner label={t('Admin.Common.Working')} /> : null}
              {confirmLabel}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
