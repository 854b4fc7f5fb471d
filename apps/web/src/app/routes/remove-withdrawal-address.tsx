import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Card, LinkButton, Page, PageHeader, Spinner } from '../../components/ui';
import { removeAddressByToken } from '../../features/withdrawals/api/withdrawals-api';
import { useTranslation } from '../../lib/i18n';

/**
 * /withdrawals/remove-address?token=…: the link of the "new withdrawal address" e-mail. It removes the
 * address at once, signed in or not (the token is single-use), and says so.
 */
export default function RemoveWithdrawalAddressPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const remove = useMutation({ mutationFn: removeAddressByToken });
  const started = useRef(false);

  useEffect(() => {
    if (started.current || token.length < 20) return;
    started.current = true;
    remove.mutate(token);
  }, [token, remove]);

  return (
    <Page>
      <PageHeader title={t('Withdraw.RemoveLink.Title')} />
      <Card className="space-y-4">
        {token.length < 20 ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {t('Withdraw.RemoveLink.BadLink')}
          </p>
        ) : remove.isSuccess ? (
          <p role="status" data-testid="address-removed" className="text-emerald-800 dark:text-emerald-300">
            {t('Withdraw.RemoveLink.Done')}
          </p>
        ) : remove.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {t('Withdraw.RemoveLink.Failed')} {remove.error.message}
          </p>
        ) : (
          <Spinner label={t('Withdraw.RemoveLink.Working')} />
        )}
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('Withdraw.RemoveLink.Advice')}</p>
        <LinkButton to="/my-account/security" variant="secondary">
          {t('Withdraw.RemoveLink.Security')}
        </LinkButton>
      </Card>
    </Page>
  );
}
