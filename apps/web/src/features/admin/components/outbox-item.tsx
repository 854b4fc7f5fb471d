import type { OutboxMessage } from '@vaultline/shared';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { Badge } from './admin-ui';
import { LinkedText } from './linked-text';

/** One e-mail of the outbox: recipient, subject, time and delivery state; the body opens on demand. */
export function OutboxItem({ message: m }: { message: OutboxMessage }) {
  const { t } = useTranslation();
  const f = useFormat();
  const state = m.error
    ? { tone: 'danger' as const, text: t('Admin.Outbox.Failed') }
    : m.sentAt
      ? { tone: 'success' as const, text: t('Admin.Outbox.Sent') }
      : { tone: 'neutral' as const, text: t('Admin.Outbox.Stored') };
  return (
    <li
      data-testid="outbox-message"
      className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <details className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-start justify-between gap-2 rounded-xl p-4 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900 dark:text-white">{m.subject}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              <span className="break-all">{t('Admin.Outbox.To', { to: m.to })}</span> ·{' '}
              <span className="whitespace-nowrap">{f.dateTime(m.createdAt, { seconds: true })}</span>
            </p>
          </div>
          <span className="flex items-center gap-2">
            <Badge tone={state.tone}>{state.text}</Badge>
            <span
              aria-hidden="true"
              className="text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400"
            >
              ▾
            </span>
          </span>
        </summary>
        <div className="border-t border-slate-200 p-4 dark:border-slate-700">
          {m.error ? (
            <p className="mb-3 text-sm text-red-700 dark:text-red-300">
              {t('Admin.Outbox.Error', { error: m.error })}
            </p>
          ) : null}
          <pre
            data-testid="outbox-body"
            className="font-sans text-sm break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200"
          >
            <LinkedText text={m.body} />
          </pre>
        </div>
      </details>
    </li>
  );
}
