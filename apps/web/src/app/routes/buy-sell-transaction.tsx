import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Page, PageHeader, Spinner } from '../../components/ui';
import { useTransaction } from '../../features/convert/api/get-transaction';
import { TransactionStatus } from '../../features/convert/components/transaction-status';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';

/** /buy-sell/transaction/{id}: where a conversion stands; an unknown id goes back to buy-sell. */
export default function BuySellTransactionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const tx = useTransaction(id);

  useEffect(() => {
    if (!tx.isError) return;
    notify({ title: t('Exchange.Errors.LoadTransaction'), severity: 'Error' });
    void navigate('/buy-sell', { replace: true });
  }, [tx.isError, navigate, t]);

  return (
    <Page className="max-w-xl">
      <PageHeader title={t('Exchange.Transaction.Title')} />
      {tx.data ? (
        <TransactionStatus tx={tx.data} />
      ) : (
        <div className="flex justify-center py-16">
          <Spinner label={t('Exchange.Transaction.Loading')} className="[&>span:first-child]:size-8" />
        </div>
      )}
    </Page>
  );
}
