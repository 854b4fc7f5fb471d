import { LIMITS } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page';
import { useContactMessages } from '../../../features/admin/api/contact-messages';
import { Badge, EmptyBlock, ErrorBlock, LoadingBlock } from '../../../features/admin/components/admin-ui';
import { Pager } from '../../../features/admin/components/pager';
import { notifyFailure, withReason } from '../../../features/admin/lib/errors';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** Back office: what visitors sent from the contact page (DECISIONS §9), newest first, 10 a page. */
export default function AdminContactMessagesPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const [page, setPage] = useState(1);
  const messages = useContactMessages(page);

  useEffect(() => {
    if (messages.isError)
      notifyFailure(t('Admin.Common.Error'), t('Admin.Contact.LoadError'), messages.error);
  }, [messages.isError, messages.error, t]);

  return (
    <>
      <PageHeader
        title={t('Admin.Pages.ContactMessages.Title')}
        description={t('Admin.Pages.ContactMessages.Description')}
      />
      {messages.isPending ? (
        <LoadingBlock />
      ) : messages.isError && !messages.data ? (
        <ErrorBlock
          message={withReason(t('Admin.Contact.LoadError'), messages.error)}
          onRetry={() => void messages.refetch()}
        />
      ) : messages.data.items.length === 0 ? (
        <EmptyBlock>{t('Admin.Contact.Empty')}</EmptyBlock>
      ) : (
        <div aria-busy={messages.isPlaceholderData || undefined}>
          <ul className="space-y-3">
            {messages.data.items.map((m) => (
              <li
                key={m.id}
                data-testid="contact-message"
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 dark:text-white">{m.fullName}</p>
                    <p className="text-sm break-all text-slate-600 dark:text-slate-300">
                      <a
                        href={`mailto:${m.email}`}
                        className="text-indigo-700 underline dark:text-indigo-300"
                      >
                        {m.email}
                      </a>
                      {m.phone ? ` · ${m.phone}` : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
                    <Badge tone="neutral">{m.language}</Badge>
                    <span>{f.dateTime(m.createdAt)}</span>
                  </div>
                </div>
                <p className="mt-3 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
                  {m.message}
                </p>
                {m.userId ? (
                  <Link
                    to={`/admin/user/${m.userId}`}
                    className="mt-2 inline-block text-sm text-indigo-700 underline dark:text-indigo-300"
                  >
                    {t('Admin.Contact.OpenUser')}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager
            label={t('Admin.Contact.Pages')}
            page={page}
            total={messages.data.total}
            pageSize={messages.data.pageSize || LIMITS.adminPageSize}
            onChange={setPage}
          />
        </div>
      )}
    </>
  );
}
