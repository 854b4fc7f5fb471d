import { networkName, type Wallet } from '@vaultline/shared';
import { useEffect, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Card, Page, PageHeader, Spinner } from '../../components/ui';
import { useExchange } from '../../features/exchange/api/manual-deposit-api';
import { ManualDepositForm } from '../../features/exchange/components/manual-deposit-form';
import { ManualDepositSteps } from '../../features/exchange/components/manual-deposit-steps';
import { ManualDepositSubmitted } from '../../features/exchange/components/manual-deposit-submitted';
import { resolveDepositWallets } from '../../features/exchange/lib/manual-deposit-checks';
import { useWalletsList } from '../../features/wallets/api/get-wallets-list';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { readJson, STORAGE_KEYS } from '../../lib/storage';

/** The created exchange rides in the URL (replacing the form's entry) so a reload shows it again. */
const EXCHANGE_PARAM = 'exchange';

/**
 * /buy-sell/manual-deposit/{id}?amount&sourceCurrency (spec-1 §2): {id} is the destination asset.
 * Wallets load (spinner), the form creates the exchange, then the submitted step shows where to send.
 */
export default function ManualDepositPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const exchangeId = params.get(EXCHANGE_PARAM);
  const network = useDepositNetwork(id, params.get('sourceCurrency'), exchangeId);

  return (
    <Page className="max-w-3xl">
      {/* The spec's title and text are the manual deposit's; a watched network has nothing to
          confirm by hand. Until the asset is known, a title that is true of both. */}
      {network === undefined ? (
        <PageHeader title={t('Pages.Deposit.Title')} />
      ) : network ? (
        <PageHeader
          title={t('Pages.ChainDeposit.Title')}
          description={t('Pages.ChainDeposit.Description', { network: networkName(network) })}
        />
      ) : (
        <PageHeader
          title={t('Pages.ManualDeposit.Title')}
          description={t('Pages.ManualDeposit.Description')}
        />
      )}
      <ManualDepositSteps step={exchangeId ? 2 : 1} watched={Boolean(network)} />
      {exchangeId ? (
        <ManualDepositSubmitted exchangeId={exchangeId} />
      ) : (
        <FormStep
          destinationId={id}
          amount={params.get('amount') ?? ''}
          sourceTicker={params.get('sourceCurrency')}
          onCreated={(created) =>
            setParams(
              (p) => {
                p.set(EXCHANGE_PARAM, created);
                return p;
              },
              { replace: true },
            )
          }
        />
      )}
    </Page>
  );
}

/**
 * The watched network the guest's coins go through (null: the manual deposit; undefined: not known
 * yet): the exchange's once it exists, else the source asset's. Both queries are the ones the steps
 * below use, so nothing more is fetched.
 */
function useDepositNetwork(
  destinationId: string,
  sourceTicker: string | null,
  exchangeId: string | null,
): string | null | undefined {
  const { authenticated } = useSession();
  const list = useWalletsList(authenticated);
  const exchange = useExchange(exchangeId ?? '');
  if (exchangeId) return exchange.data ? exchange.data.network : undefined;
  if (!list.data) return undefined;
  const lookup = resolveDepositWallets(
    list.data,
    destinationId,
    sourceTicker,
    readJson<Wallet>(STORAGE_KEYS.sourceAsset)?.id ?? null,
  );
  return lookup.state === 'ready' ? lookup.source.network : undefined;
}

function FormStep(props: {
  destinationId: string;
  amount: string;
  sourceTicker: string | null;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { authenticated } = useSession();
  const list = useWalletsList(authenticated);
  const lookup = useMemo(
    () =>
      list.data
        ? resolveDepositWallets(
            list.data,
            props.destinationId,
            props.sourceTicker,
            readJson<Wallet>(STORAGE_KEYS.sourceAsset)?.id ?? null,
          )
        : null,
    [list.data, props.destinationId, props.sourceTicker],
  );

  // spec-1 §8: each lookup failure is said once, then the guest goes back to buy-sell.
  useEffect(() => {
    const fail = (title: string, message?: string) => {
      notify({ title, ...(message ? { message } : {}), severity: 'Error' });
      void navigate('/buy-sell', { replace: true });
    };
    if (list.isError) fail(t('ManualDeposit.Errors.LoadWallets'));
    else if (lookup?.state === 'destinationMissing') fail(t('ManualDeposit.Errors.DestinationWallet'));
    else if (lookup?.state === 'sourceMissing') fail(t('ManualDeposit.Errors.SourceWallet'));
    else if (lookup?.state === 'addressNotConfigured')
      fail(
        t('ManualDeposit.Errors.AddressNotConfiguredTitle'),
        t('ManualDeposit.Errors.AddressNotConfigured', { ticker: lookup.ticker }),
      );
  }, [list.isError, lookup, navigate, t]);

  if (lookup?.state !== 'ready') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('ManualDeposit.LoadingWallets')} className="[&>span:first-child]:size-8" />
      </div>
    );
  }
  return (
    <Card className="p-5 sm:p-6">
      <ManualDepositForm
        source={lookup.source}
        destination={lookup.destination}
        amount={props.amount}
        onCreated={props.onCreated}
      />
    </Card>
  );
}
