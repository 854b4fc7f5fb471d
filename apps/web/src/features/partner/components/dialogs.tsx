import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { keepTabInDialog } from '../../../components/ui/dialog-focus';
import { useTranslation } from '../../../lib/i18n';
import { ButtonSpinner, CopyButton } from './ui';

interface DialogProps {
  open: boolean;
  title: string;
  /** Escape and Cancel close it unless a call is running. */
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}

/**
 * A modal on the native <dialog>, like the app's others: showModal() keeps focus inside and the page
 * inert, Tab cycles within, Escape cancels, and focus returns to the control that opened it.
 */
export function PartnerDialog({ open, title, busy, onClose, children, testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      d.showModal();
    } else if (!open && d.open) {
      d.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onKeyDown={keepTabInDialog}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      {open ? (
        <div className="space-y-4 p-6">
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/** The failure of the dialog's call, kept in the dialog so the partner can try again. */
export function DialogError({ message }: { message: string | null }) {
  return message ? (
    <p
      role="alert"
      className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200"
    >
      {message}
    </p>
  ) : null;
}

/** Cancel and the dialog's action (with a spinner while its call runs). */
export function DialogButtons({
  confirmLabel,
  variant = 'primary',
  busy,
  onCancel,
  onConfirm,
}: {
  confirmLabel: string;
  variant?: ButtonVariant;
  busy: boolean;
  onCancel: () => void;
  /** Omitted: the confirm button submits the dialog's form. */
  onConfirm?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-end gap-2 pt-2">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {t('Partner.Common.Cancel')}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={variant}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={onConfirm}
      >
        {busy ? <ButtonSpinner label={t('Partner.Common.Working')} /> : null}
        {confirmLabel}
      </Button>
    </div>
  );
}

/** A yes/no question before something that cannot be undone (revoke a key, delete an endpoint). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <PartnerDialog open={props.open} title={props.title} busy={props.busy} onClose={props.onClose}>
      <div className="text-slate-700 dark:text-slate-300">{props.text}</div>
      <DialogError message={props.error} />
      <DialogButtons
        confirmLabel={props.confirmLabel}
        variant="danger"
        busy={props.busy}
        onCancel={props.onClose}
        onConfirm={props.onConfirm}
      />
    </PartnerDialog>
  );
}

/**
 * A secret (an API key, a signing secret) the server answers once: shown in full with a copy button
 * and a warning that it cannot be shown again.
 */
export function SecretOnceDialog({
  secret,
  title,
  label,
  onClose,
  testId,
}: {
  secret: string | null;
  title: string;
  /** What the secret is, naming the copy button and the field. */
  label: string;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <PartnerDialog open={secret !== null} title={title} onClose={onClose} testId={testId}>
      <p
        role="note"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      >
        {t('Partner.Common.ShownOnce')}
      </p>
      <div>
        <label htmlFor={`${id}-secret`} className="text-sm font-medium">
          {label}
        </label>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {/* Read-only text: selectable by hand as well as copied by the button. */}
          <textarea
            id={`${id}-secret`}
            readOnly
            rows={2}
            value={secret ?? ''}
            data-testid="secret-value"
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 resize-none rounded-lg border border-slate-500 bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
          />
          <CopyButton text={secret ?? ''} label={t('Partner.Common.CopyNamed', { what: label })} />
        </div>
      </div>
      <div className="flex justify-end pt-2">
        <Button onClick={onClose}>{t('Partner.Common.SecretSaved')}</Button>
      </div>
    </PartnerDialog>
  );
}

/** Submits without the browser's own validation bubbles: messages are ours, in the UI language. */
export const formSubmit = (handler: () => void) => (e: FormEvent) => {
  e.preventDefault();
  handler();
};
