import type { PriceLock, Wallet } from '@vaultline/shared';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Spinner } from '../../../components/ui';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { useCreateLock } from '../api/create-lock';
import { normaliseAmount } from '../lib/normalise-amount';
import { AssetSelect } from './asset-select';
import { LiveReceive } from './live-receive';

interface Props {
  /** Crypto assets only (the caller filters Wallets/list). */
  assets: Wallet[];
  loading: boolean;
  failed: boolean;
  signedIn: boolean;
  title: string;
  description: string;
  /** Ticker to preselect on the give side (from an asset page). */
  initialSource?: string | null;
  /** Ticker to preselect on the receive side (the embeddable widget's `to`). */
  initialDestination?: string | null;
  headingLevel?: 'h1' | 'h2';
  /**
   * A guest's Convert, when the caller runs the next step itself (the embeddable widget stays on its
   * own route); without it the guest goes to the manual deposit page.
   */
  onGuestSubmit?: (choice: { source: Wallet; destination: Wallet; amount: string }) => void;
  /** Less padding, for the embeddable widget. */
  compact?: boolean;
  /**
   * A partner's commission rate the estimate takes off (the widget); null while it is not known
   * (no estimate then), undefined without a partner.
   */
  commissionRate?: string | null;
}

/** The message of a failed lock (spec-1 §8): 400 gives "Could not process your request.". */
export const lockErrorKey = (err: unknown) =>
  err instanceof ApiRequestError && err.status === 400
    ? 'Exchange.Errors.ProcessRequest'
    : 'Exchange.Errors.Lock';

/**
 * Give/receive pickers and Convert. Signed-in users lock the server's price and go to the preview;
 * guests go to the manual deposit with the amount they give.
 */
export function ExchangeWidget(props: Props) {
  const { assets, loading, failed, signedIn, title, description, initialSource, initialDestination } = props;
  const { headingLevel = 'h2', onGuestSubmit, compact = false, commissionRate } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lock = useCreateLock();
  const ids = useId();
  const [source, setSource] = useState('');
  const [destination, setDestination] = useState('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);

  // Defaults once the assets are known: first (or the preselected one) gives, second receives.
  useEffect(() => {
    if (assets.length < 2 || source) return;
    const byTicker = (ticker: string | null | undefined) =>
      ticker ? assets.find((a) => a.ticker.toLowerCase() === ticker.toLowerCase()) : undefined;
    const give = byTicker(initialSource) ?? assets[0];
    const wanted = byTicker(initialDestination);
    const receive = wanted && wanted.id !== give?.id ? wanted : assets.find((a) => a.id !== give?.id);
    if (give && receive) {
      setSource(give.id);
      setDestination(receive.id);
    }
  }, [assets, source, initialSource, initialDestination]);

  const same = source !== '' && source === destination;
  const guestAmount = normaliseAmount(amount);
  const guestAmountValid = /^\d+(\.\d+)?$/.test(guestAmount) && Number(guestAmount) > 0;
  const Heading = headingLevel;

  const onConvert = () => {
    const give = assets.find((a) => a.id === source);
    const receive = assets.find((a) => a.id === destination);
    if (!give || !receive || same) return;
    if (signedIn) {
      lock.mutate(
        { leftAssetId: give.id, rightAssetId: receive.id },
        {
          onSuccess: (l: PriceLock) => {
            notify({ title: t('Exchange.LockSuccess'), severity: 'Success' });
            void navigate(`/buy-sell/preview/${l.id}`);
          },
          onError: (err) => notify({ title: t(lockErrorKey(err)), message: err.message, severity: 'Error' }),
        },
      );
      return;
    }
    setTouched(true);
    if (!guestAmountValid) return;
    if (onGuestSubmit) {
      onGuestSubmit({ source: give, destination: receive, amount: guestAmount });
      return;
    }
    // Kept for the manual deposit screen, which removes them once the exchange is created.
    writeStorage(STORAGE_KEYS.sourceAsset, JSON.stringify(give));
    writeStorage(STORAGE_KEYS.destinationAsset, JSON.stringify(receive));
    // On a watched network nothing is confirmed by hand: the spec's wording is for the manual deposit.
    notify({
      title: t(give.network ? 'Exchange.ProceedingToDeposit' : 'Exchange.ProceedingToManualDeposit'),
      severity: 'Info',
    });
    const q = new URLSearchParams({ amount: guestAmount, sourceCurrency: give.ticker });
    void navigate(`/buy-sell/manual-deposit/${receive.id}?${q.toString()}`);
  };

  return (
    <Card className={compact ? 'p-4 sm:p-5' : 'p-6'}>
      <Heading className={`${compact ? 'text-xl' : 'text-2xl'} font-bold text-slate-900 dark:text-white`}>
        {title}
      </Heading>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{description}</p>
      {failed ? (
        <p role="alert" className="mt-6 text-red-700 dark:text-red-400">
          {t('Exchange.Errors.LoadAssets')}
        </p>
      ) : (
        // While the assets load, the form is laid out but hidden under the spinner: the page keeps
        // its height when they arrive, so nothing below it moves (layout shift).
        <div className="relative">
          {loading ? (
            <div className="absolute inset-0 flex items-center justify-center">
              <Spinner label={t('Exchange.LoadingAssets')} className="[&>span:first-child]:size-8" />
            </div>
          ) : null}
          <form
            className={`mt-6 space-y-4${loading ? ' invisible' : ''}`}
            aria-hidden={loading || undefined}
            inert={loading || undefined}
            onSubmit={(e) => {
              e.preventDefault();
              onConvert();
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <AssetSelect
                id={`${ids}-give`}
                label={t('Exchange.Give')}
                value={source}
                onChange={setSource}
                assets={assets}
              />
              <AssetSelect
                id={`${ids}-receive`}
                label={t('Exchange.Receive')}
                value={destination}
                onChange={setDestination}
                assets={assets}
              />
            </div>
            {same ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {t('Exchange.Errors.SameAsset')}
              </p>
            ) : null}
            {signedIn ? null : (
              <div>
                <label
                  htmlFor={`${ids}-amount`}
                  className="block text-sm font-medium text-slate-700 dark:text-slate-200"
                >
                  {t('Exchange.AmountToSend')}
                </label>
                <input
                  id={`${ids}-amount`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  aria-invalid={touched && !guestAmountValid}
                  aria-describedby={`${ids}-guest-note`}
                  className="mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
                />
                <LiveReceive
                  source={assets.find((a) => a.id === source)}
                  destination={assets.find((a) => a.id === destination)}
                  amount={guestAmount}
                  commissionRate={commissionRate}
                />
                {touched && !guestAmountValid ? (
                  <p className="mt-1 text-sm text-red-700 dark:text-red-400">
                    {t('Exchange.Errors.InvalidAmount')}
                  </p>
                ) : null}
                <p id={`${ids}-guest-note`} className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                  {t('Exchange.GuestNote')}
                </p>
              </div>
            )}
            <Button type="submit" size="lg" className="w-full" disabled={same || !source || lock.isPending}>
              {lock.isPending ? <Spinner label={t('Exchange.Locking')} /> : null}
              {t('Exchange.Convert')}
            </Button>
          </form>
        </div>
      )}
    </Card>
  );
}
