import { type ReactNode, useEffect, useRef } from 'react';
import { buttonClass } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';

interface Props {
  label: string;
  /** What the row shows while not editing. */
  value: ReactNode;
  editing: boolean;
  onEdit: () => void;
  /** The inline form, shown while editing. */
  children: ReactNode;
  testId?: string;
}

/**
 * One line of the profile (spec-2 §4 inline edit): the value and an Edit button, or the form in its
 * place. Focus goes into the form when it opens and back to Edit when it closes.
 */
export function EditableRow({ label, value, editing, onEdit, children, testId }: Props) {
  const { t } = useTranslation();
  const editButton = useRef<HTMLButtonElement>(null);
  const formBox = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (editing && !wasEditing.current) formBox.current?.querySelector<HTMLElement>('input, select')?.focus();
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <div
      data-testid={testId}
      className="grid gap-2 border-b border-slate-200 py-4 last:border-b-0 sm:grid-cols-[10rem_1fr] sm:items-start dark:border-slate-700"
    >
      <dt className="text-sm font-medium text-slate-600 sm:pt-1.5 dark:text-slate-400">{label}</dt>
      {/* The Edit button sits inside the dd: a dl row may only hold dt and dd. */}
      <dd className="flex min-w-0 flex-wrap items-start justify-between gap-x-4 gap-y-2 text-slate-900 dark:text-slate-100">
        {editing ? (
          <div ref={formBox} className="w-full">
            {children}
          </div>
        ) : (
          <>
            <span className="min-w-0 pt-1.5 break-words">{value}</span>
            <button
              ref={editButton}
              type="button"
              onClick={onEdit}
              aria-label={t('MyAccount.EditLabel', { field: label })}
              className={buttonClass('secondary', 'sm')}
            >
              {t('MyAccount.Edit')}
            </button>
          </>
        )}
      </dd>
    </div>
  );
}

/** A row that is only read (joined date) or leads elsewhere (password). */
export function StaticRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2 border-b border-slate-200 py-4 last:border-b-0 sm:grid-cols-[10rem_1fr] dark:border-slate-700">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}
