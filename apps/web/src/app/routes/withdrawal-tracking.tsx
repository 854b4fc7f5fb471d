import { useParams } from 'react-router';
import { Button, Card, LinkButton, Page, PageHeader, Spinner } from '../../components/ui';
import { FeedStatus, useFeedUpdates } from '../../features/feed';
import { useCancelWithdrawal, useWithdrawal } from '../../features/withdrawals/api/withdrawals-api';
import { WithdrawalView } from '../../features/withdrawals/components/withdrawal-view';
import { useWithdrawalPush } from '../../features/withdrawals/lib/use-withdrawal-push';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';

/** /withdrawals/:id: one withdrawal, kept current by the `withdrawal` push (confirmations live). */
export default function WithdrawalTrackingPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const withdrawal = useWithdrawal(id);
  const cancel = useCancelWithdrawal();
  const { state } = useFeedUpdates({ onUpdate: () => {} });
  useWithdrawalPush();
  return (
    <Page>
      <PageHeader
        title={t('Withdraw.Tracking.Title')}
        description={t('Withdraw.Tracking.Description')}
        actions={<FeedStatus state={state} />}
      />
      {withdrawal.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t('Withdraw.Loading')} />
        </div>
      ) : withdrawal.isError ? (
        <Card className="text-center">
          <p role="alert" className="font-medium text-red-700 dark:text-red-400">
            {t('Withdraw.Tracking.LoadError')} {withdrawal.error.message}
          </p>
          <Button className="mt-4" variant="secondary" onClick={() => void withdrawal.refetch()}>
            {t('MyAccount.Retry')}
          </Button>
        </Card>
      ) : (
        <WithdrawalView
          withdrawal={withdrawal.data}
          cancelling={cancel.isPending}
          onCancel={() =>
            cancel.mutate(id, {
              onSuccess: () =>
                notify({
                  severity: 'Success',
                  title: t('Withdraw.Cancelled'),
                  message: t('Withdraw.CancelledText'),
                }),
              onError: (err) =>
                notify({ severity: 'Error', title: t('Withdraw.Errors.Cancel'), message: err.message }),
            })
          }
        />
      )}
      <p className="mt-6 flex flex-wrap gap-3">
        <LinkButton to="/wallets" variant="secondary">
          {t('Withdraw.Tracking.BackToWallets')}
        </LinkButton>
        <LinkButton to="/transactions" variant="ghost">
          {t('Withdraw.Tracking.History')}
        </LinkButton>
      </p>
    </Page>
  );
}
