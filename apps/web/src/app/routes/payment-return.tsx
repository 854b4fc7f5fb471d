import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, LinkButton, Page, PageHeader, Spinner } from '../../components/ui';
import { checkoutStatusQuery } from '../../features/checkout/api/checkout-api';
import { CheckoutResult } from '../../features/checkout/components/checkout-result';
import { ApiRequestError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';

/**
 * Sent back as paid, a checkout still read as declined (a card refused before the one that paid)
 * is shown as waiting this long, while the payment's webhook lands; then the decline is shown.
 */
export const DECLINE_GRACE_MS = 15_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An unknown id, someone else's, or one that is not a checkout id at all. */
const isNotFound = (err: unknown) =>
  err instanceof ApiRequestError && (err.status === 404 || err.status === 403 || err.status === 400);

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4 text-center">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
        {t('Checkout.Return.NotFoundTitle')}
      </h2>
      <p role="alert" className="text-slate-700 dark:text-slate-300">
        {t('Checkout.Return.NotFound')}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <LinkButton to="/wallets" variant="secondary">
          {t('Checkout.Return.BackToWallets')}
        </LinkButton>
        <LinkButton to="/premium" variant="secondary">
          {t('Checkout.Return.BackToPremium')}
        </LinkButton>
      </div>
    </div>
  );
}

function Status({ id, cancelled }: { id: string; cancelled: boolean }) {
  const { t } = useTranslation();
  const [patient, setPatient] = useState(!cancelled);
  useEffect(() => {
    if (!patient) return;
    const timer = setTimeout(() => setPatient(false), DECLINE_GRACE_MS);
    return () => clearTimeout(timer);
  }, [patient]);
  const q = useQuery(checkoutStatusQuery(id, cancelled, patient));
  if (q.isPending)
    return (
      <div className="flex justify-center py-8">
        <Spinner label={t('Checkout.Return.Loading')} className="[&>span:first-child]:size-8" />
      </div>
    );
  if (q.isError && !q.data)
    return isNotFound(q.error) ? (
      <NotFound />
    ) : (
      <div className="space-y-4 text-center">
        <p role="alert" className="text-slate-700 dark:text-slate-300">
          {t('Checkout.Return.LoadError')}
        </p>
        <Button variant="secondary" onClick={() => void q.refetch()}>
          {t('Checkout.Return.Retry')}
        </Button>
      </div>
    );
  const waiting = patient && q.data.status === 'declined';
  return <CheckoutResult checkout={waiting ? { ...q.data, status: 'processing' } : q.data} />;
}

/**
 * /payment/return?id=<checkout id>[&cancelled=1] (DECISIONS §7): where the gateway's hosted page
 * sends the browser back. Coming back cancelled, the checkout is cancelled once (the server ends
 * the hosted session; it answers succeeded if the payment went through first). Then its state is
 * read every second while the gateway's webhook has not landed: processing, succeeded, declined or
 * cancelled (a decline read on the way back as paid is waited on for DECLINE_GRACE_MS first). The
 * outcome comes from the server only, never from this URL.
 */
export default function PaymentReturnPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const cancelled = params.get('cancelled') === '1';
  return (
    <Page className="max-w-xl">
      <PageHeader title={t('Checkout.Return.Title')} description={t('Checkout.Return.Description')} />
      <Card className="p-6 sm:p-8">
        {UUID.test(id) ? <Status key={id} id={id} cancelled={cancelled} /> : <NotFound />}
      </Card>
    </Page>
  );
}
