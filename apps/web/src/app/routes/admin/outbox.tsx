import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui';
import { PageHeader } from '../../../components/ui/page';
import { OUTBOX_LIMIT, useOutbox } from '../../../features/admin/api/outbox';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../features/admin/components/admin-ui';
import { OutboxItem } from '../../../features/admin/components/outbox-item';
import { notifyFailure, withReason } from '../../../features/admin/lib/errors';
import { useTranslation } from '../../../lib/i18n';

/** Back office, DECISIONS §7: the e-mails sent while no mail server is configured, newest first. */
export default function AdminOutboxPage() {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [to, setTo] = useState<string | null>(null);
  const outbox = useOutbox(to);

  useEffect(() => {
    if (outbox.isError) notifyFailure(t('Admin.Common.Error'), t('Admin.Outbox.LoadError'), outbox.error);
  }, [outbox.isError, outbox.error, t]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTo(typed.trim() || null);
  };

  return (
    <>
      <PageHeader title={t('Admin.Pages.Outbox.Title')} description={t('Admin.Pages.Outbox.Description')} />
      <form onSubmit={submit} className="mb-6 flex flex-wrap items-end gap-2">
        <div className="w-full sm:w-auto sm:max-w-sm sm:flex-1">
          <label
            htmlFor={`${id}-to`}
            className="block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {t('Admin.Outbox.FilterLabel')}
          </label>
          <input
            id={`${id}-to`}
            type="email"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="name@example.com"
            className="mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('Admin.Outbox.Filter')}
        </Button>
        {to ? (
          <Button
            variant="ghost"
            onClick={() => {
              setTyped('');
              setTo(null);
            }}
          >
            {t('Admin.Outbox.ShowAll')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          {t('Admin.Common.Refresh')}
        </Button>
      </form>
      {outbox.isPending ? (
        <LoadingBlock />
      ) : outbox.isError ? (
        <ErrorBlock
          message={withReason(t('Admin.Outbox.LoadError'), outbox.error)}
          onRetry={() => void outbox.refetch()}
        />
      ) : outbox.data.length === 0 ? (
        <EmptyBlock>{t(to ? 'Admin.Outbox.EmptyFor' : 'Admin.Outbox.Empty', { to })}</EmptyBlock>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
            {t('Admin.Outbox.Count', { count: outbox.data.length, limit: OUTBOX_LIMIT })}
          </p>
          <ul className="space-y-3">
            {outbox.data.map((m) => (
              <OutboxItem key={m.id} message={m} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
