import type { AdminPremiumPayment } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/ui/page';
import { usePremiumPayments } from '../../../features/admin/api/premium-payments';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../features/admin/components/admin-ui';
import { Pager } from '../../../features/admin/components/pager';
import { PremiumPaymentCard } from '../../../features/admin/components/premium-payment-card';
import { RefundPremiumDialog } from '../../../features/admin/components/refund-dialog';
import { notifyFailure, withReason } from '../../../features/admin/lib/errors';
import { usePageParam } from '../../../features/admin/lib/use-page-param';
import { useTranslation } from '../../../lib/i18n';

/**
 * Back office: premium payments (DECISIONS §7), the first years and the renewals, newest first,
 * paged on the server (the page in ?page=); each can be refunded to its card once.
 */
export default function AdminPremiumPaymentsPage() {
  const { t } = useTranslation();
  const { page, cursor, onPage } = usePageParam();
  const payments = usePremiumPayments(page, cursor);
  const [refunding, setRefunding] = useState<AdminPremiumPayment | null>(null);

  useEffect(() => {
    if (payments.isError)
      notifyFailure(t('Admin.Common.Error'), t('Admin.PremiumPayments.LoadError'), payments.error);
  }, [payments.isError, payments.error, t]);

  return (
    <>
      <PageHeader
        title={t('Admin.Pages.PremiumPayments.Title')}
        description={t('Admin.Pages.PremiumPayments.Description')}
      />
      {payments.isPending ? (
        <LoadingBlock />
      ) : payments.isError && !payments.data ? (
        <ErrorBlock
          message={withReason(t('Admin.PremiumPayments.LoadError'), payments.error)}
          onRetry={() => void payments.refetch()}
        />
      ) : payments.data.items.length === 0 ? (
        <EmptyBlock>{t('Admin.PremiumPayments.Empty')}</EmptyBlock>
      ) : (
        <div aria-busy={payments.isPlaceholderData || undefined}>
          <ul className="grid gap-4 xl:grid-cols-2">
            {payments.data.items.map((p) => (
              <PremiumPaymentCard key={p.id} payment={p} onRefund={setRefunding} />
            ))}
          </ul>
          <Pager
            label={t('Admin.PremiumPayments.Pages')}
            page={page}
            total={payments.data.total}
            pageSize={payments.data.pageSize}
            onChange={(p) => onPage(p, payments.data)}
          />
        </div>
      )}
      <RefundPremiumDialog payment={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}
