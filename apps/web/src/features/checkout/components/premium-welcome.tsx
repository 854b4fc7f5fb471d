import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button, LinkButton, Spinner } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { activatePremium } from '../../premium/api/premium-api';
import { applySessionToken } from '../../premium/lib/apply-token';

/**
 * A paid premium checkout: the gateway's webhook has started premium, so POST User/premium answers
 * the token with the premium claim; it is stored as a sign-in would (header ring, the manage page's
 * guard). The link to /premium/manage shows once the claim is in the session.
 */
export function PremiumWelcome() {
  const { t } = useTranslation();
  const { isPremium } = useSession();
  const activate = useMutation({
    mutationFn: async () => applySessionToken((await activatePremium()).jwToken),
    onSuccess: () =>
      notify({
        severity: 'Success',
        title: t('Premium.Messages.Success'),
        message: t('Premium.Messages.Subscribed'),
      }),
  });
  const started = useRef(false);
  const { mutate } = activate;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return (
    <div className="space-y-4">
      <h2 className="text-2xl font-bold text-slate-900 dark:text-white">
        {t('Checkout.Return.PremiumTitle')}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">{t('Checkout.Return.PremiumText')}</p>
      {isPremium || activate.isSuccess ? (
        <LinkButton to="/premium/manage" size="lg">
          {t('Checkout.Return.ToManage')}
        </LinkButton>
      ) : activate.isError ? (
        <div className="space-y-3">
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {t('Checkout.Return.ActivateError')}
          </p>
          <Button variant="secondary" onClick={() => activate.mutate()}>
            {t('Checkout.Return.Retry')}
          </Button>
        </div>
      ) : (
        <div className="flex justify-center">
          <Spinner label={t('Checkout.Return.Activating')} />
        </div>
      )}
    </div>
  );
}
