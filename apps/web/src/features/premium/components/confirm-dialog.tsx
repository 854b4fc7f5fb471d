import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button, Spinner } from '../../../components/ui';
import { keepTabInDialog } from '../../../components/ui/dialog-focus';
import { useTranslation } from '../../../lib/i18n';

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A confirmation on the native <dialog>: showModal() keeps focus inside and makes the page inert,
 * Escape and the keep button close it, focus returns to the opener. The safe choice has focus first.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, pending, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      d.showModal();
    } else if (!open && d.open) {
      d.close();
      if (opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onKeyDown={keepTabInDialog}
      onCancel={(e) => {
        e.preventDefault();
        if (!pending) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      {open ? (
        <>
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          <div className="mt-3 text-slate-700 dark:text-slate-300">{children}</div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose} disabled={pending} autoFocus>
              {t('Premium.Manage.Keep')}
            </Button>
            <Button variant="danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
              {pending ? <Spinner label={t('Premium.Manage.Cancelling')} /> : null}
              {confirmLabel}
            </Button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
