import { type AuditEntry, UserStatus } from '@vaultline/shared';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { exchangeStatusView } from '../lib/exchange-view';
import { bankStatusKey } from './bank-status-badge';
import { depositStatusKey } from './deposit-card';

/** i18n key of an audit action ('user.status' -> Admin.Audit.Actions.user_status). */
export const actionKey = (action: string) => `Admin.Audit.Actions.${action.replace('.', '_')}`;

const raw = (v: unknown): string =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The i18n key naming a status value of this kind of target, if it has names. */
function statusKey(target: AuditEntry['targetType'], value: unknown): string | null {
  const v = Number(value);
  if (value === null || value === undefined || !Number.isInteger(v)) return null;
  if (target === 'exchange') return `Exchange.Status.${exchangeStatusView(v).key}`;
  if (target === 'user') return v === UserStatus.active ? 'Admin.User.Active' : 'Admin.User.Inactive';
  if (target === 'bankAccount') return `Admin.Bank.Status.${bankStatusKey(v)}`;
  if (target === 'deposit') return `Admin.Deposits.Status.${depositStatusKey(v)}`;
  return null;
}

interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields of a change: those that changed as "before → after", those given for context (the
 * same on both sides, or only after) as their value; fields empty on both sides are left out.
 */
function changes(e: AuditEntry): Change[] {
  const fields = new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})]);
  return [...fields]
    .map((field) => ({ field, before: e.before?.[field] ?? null, after: e.after?.[field] ?? null }))
    .filter((c) => c.before !== null || c.after !== null);
}

/** One admin change: when, who, what, on what, and the values before and after. */
export function AuditEntryRow({ entry: e }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const f = useFormat();
  const actor = e.actor
    ? `${e.actor.firstName} ${e.actor.lastName}`.trim() || e.actor.email
    : t('Admin.Audit.System');
  const value = (field: string, v: unknown) => {
    const key = field === 'status' ? statusKey(e.targetType, v) : null;
    return key ? t(key) : raw(v);
  };
  return (
    <li
      data-testid="audit-entry"
      data-action={e.action}
      className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-[11rem_1fr_1fr] dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="text-sm">
        <p className="text-slate-900 dark:text-white">{f.dateTime(e.at, { seconds: true })}</p>
        <p className="text-slate-600 dark:text-slate-300">{actor}</p>
      </div>
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900 dark:text-white">{t(actionKey(e.action))}</p>
        <p className="text-slate-600 dark:text-slate-300">
          {t(`Admin.Audit.Targets.${e.targetType}`)}{' '}
          {e.targetType === 'user' ? (
            <Link
              to={`/admin/user/${e.targetId}`}
              className="font-mono text-xs break-all text-indigo-700 underline dark:text-indigo-300"
            >
              {e.targetId}
            </Link>
          ) : (
            <span className="font-mono text-xs break-all">{e.targetId}</span>
          )}
        </p>
      </div>
      <ul className="min-w-0 space-y-0.5 text-sm">
        {changes(e).map((c) => {
          const changed = c.before !== null && raw(c.before) !== raw(c.after);
          return (
            <li key={c.field} className="break-words text-slate-700 dark:text-slate-300">
              <span className="font-medium">{c.field}</span>:{' '}
              {changed ? (
                <>
                  <span className="font-mono text-xs">{value(c.field, c.before)}</span> →{' '}
                </>
              ) : null}
              <span className="font-mono text-xs">{value(c.field, c.after)}</span>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
