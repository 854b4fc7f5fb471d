import { Decimal, type Wallet } from '@vaultline/shared';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Card, cn, Spinner } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { WalletCard } from './wallet-card';

interface Props {
  wallets: Wallet[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Account total amount once known: a non-zero total switches "hide empty" on, once. */
  accountTotal: string | undefined;
  renderAction?: (wallet: Wallet) => ReactNode;
}

/** Right panel: My wallets with a hide-empty switch (default off) and the wallet cards. */
export function WalletsPanel({ wallets, loading, failed, accountTotal, renderAction }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [hideEmpty, setHideEmpty] = useState(false);
  const autoApplied = useRef(false);

  useEffect(() => {
    if (autoApplied.current || accountTotal === undefined) return;
    autoApplied.current = true;
    if (!new Decimal(accountTotal).isZero()) setHideEmpty(true);
  }, [accountTotal]);

  const shown = (wallets ?? []).filter((w) => !hideEmpty || !new Decimal(w.amount).isZero());
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t('Wallets.MyWallets')}</h2>
        <div className="flex items-center gap-2">
          <span id={`${id}-label`} className="text-sm text-slate-700 dark:text-slate-200">
            {t('Wallets.HideEmpty')}
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={hideEmpty}
            aria-labelledby={`${id}-label`}
            onClick={() => setHideEmpty((v) => !v)}
            className={cn(
              'relative h-6 w-11 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              // The track stands out from the card at 3:1 or more in both states and themes.
              hideEmpty ? 'bg-indigo-600 dark:bg-indigo-500' : 'bg-slate-500',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform',
                hideEmpty ? 'translate-x-5' : '',
              )}
            />
          </button>
        </div>
      </div>
      {loading ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('Wallets.Loading')} className="[&>span:first-child]:size-8" />
        </div>
      ) : failed ? (
        <p role="alert" className="mt-6 text-red-700 dark:text-red-400">
          {t('Wallets.Errors.LoadWallets')}
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-300">{t('Wallets.Empty')}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {shown.map((w) => (
            <WalletCard key={w.id} wallet={w} action={renderAction?.(w)} />
          ))}
        </ul>
      )}
    </Card>
  );
}
