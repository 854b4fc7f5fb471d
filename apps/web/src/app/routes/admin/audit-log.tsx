import { AUDIT_ACTIONS, type AuditAction, LIMITS } from '@vaultline/shared';
import { useEffect, useId, useState } from 'react';
import { PageHeader } from '../../../components/ui/page';
import { useAuditLog } from '../../../features/admin/api/audit-log';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../features/admin/components/admin-ui';
import { AuditEntryRow, actionKey } from '../../../features/admin/components/audit-entry-row';
import { Pager } from '../../../features/admin/components/pager';
import { notifyFailure, withReason } from '../../../features/admin/lib/errors';
import { useTranslation } from '../../../lib/i18n';

/** Back office: every admin change, newest first, 10 a page, optionally of one kind. */
export default function AdminAuditLogPage() {
  const { t } = useTranslation();
  const id = useId();
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<AuditAction | null>(null);
  const log = useAuditLog(page, action);

  useEffect(() => {
    if (log.isError) notifyFailure(t('Admin.Common.Error'), t('Admin.Audit.LoadError'), log.error);
  }, [log.isError, log.error, t]);

  return (
    <>
      <PageHeader
        title={t('Admin.Pages.AuditLog.Title')}
        description={t('Admin.Pages.AuditLog.Description')}
      />
      <div className="mb-4">
        <label
          htmlFor={`${id}-action`}
          className="block text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          {t('Admin.Audit.Filter')}
        </label>
        <select
          id={`${id}-action`}
          value={action ?? ''}
          onChange={(e) => {
            setAction((e.target.value || null) as AuditAction | null);
            setPage(1);
          }}
          className="mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 sm:max-w-xs dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
        >
          <option value="">{t('Admin.Audit.AllActions')}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(actionKey(a))}
            </option>
          ))}
        </select>
      </div>
      {log.isPending ? (
        <LoadingBlock />
      ) : log.isError && !log.data ? (
        <ErrorBlock
          message={withReason(t('Admin.Audit.LoadError'), log.error)}
          onRetry={() => void log.refetch()}
        />
      ) : log.data.items.length === 0 ? (
        <EmptyBlock>{t('Admin.Audit.Empty')}</EmptyBlock>
      ) : (
        <div aria-busy={log.isPlaceholderData || undefined}>
          <ul className="space-y-2">
            {log.data.items.map((e) => (
              <AuditEntryRow key={e.id} entry={e} />
            ))}
          </ul>
          <Pager
            label={t('Admin.Audit.Pages')}
            page={page}
            total={log.data.total}
            pageSize={log.data.pageSize || LIMITS.adminPageSize}
            onChange={setPage}
          />
        </div>
      )}
    </>
  );
}
