import type { Wallet } from '@vaultline/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { useSetWalletAddress } from '../api/wallet-addresses';
import { notifySuccess, reasonOf } from '../lib/errors';
import { ButtonSpinner } from './admin-ui';

/**
 * One crypto asset's deposit address (spec-2 §2, §5): an empty or blank address is refused without a
 * call; the field and button are disabled while this wallet saves; a failure stays beside it.
 */
export function WalletAddressRow({ wallet, icon }: { wallet: Wallet; icon?: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSetWalletAddress();
  const [address, setAddress] = useState(wallet.adminWalletAddress ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!address.trim()) {
      setError(t('Admin.Wallets.Empty'));
      return;
    }
    setError(null);
    save.mutate(
      { walletId: wallet.id, address: address.trim() },
      {
        onSuccess: (saved) => {
          setAddress(saved.adminWalletAddress);
          notifySuccess(t('Admin.Common.Success'), t('Admin.Wallets.Saved'));
        },
        onError: (err) => {
          const reason = reasonOf(err);
          setError(reason ? `${t('Admin.Wallets.SaveError')} ${reason}` : t('Admin.Wallets.SaveError'));
        },
      },
    );
  };

  const saving = save.isPending;
  return (
    <li
      data-testid={`wallet-address-${wallet.ticker}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="flex min-w-0 items-center gap-3 md:w-56 md:shrink-0">
          {icon}
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900 dark:text-white">{wallet.fullName}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{wallet.ticker}</p>
          </div>
        </div>
        <div className="min-w-0 flex-1">
          <label
            htmlFor={`${id}-address`}
            className="block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {t('Admin.Wallets.AddressLabel', { ticker: wallet.ticker })}
          </label>
          <input
            id={`${id}-address`}
            value={address}
            disabled={saving}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setAddress(e.target.value);
              setError(null);
            }}
            className="mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 font-mono text-sm text-slate-900 disabled:opacity-60 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
          />
        </div>
        <Button type="submit" disabled={saving} className="md:mb-px">
          {saving ? <ButtonSpinner label={t('Admin.Wallets.Saving')} /> : null}
          {t('Admin.Common.Save')}
        </Button>
      </form>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : wallet.network ? (
        <p data-testid="wallet-watched" className="mt-2 text-sm text-indigo-900 dark:text-indigo-200">
          {t('Admin.Wallets.Watched', { network: wallet.network })}
        </p>
      ) : !wallet.isAddressConfigured && !save.isSuccess ? (
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-300">{t('Admin.Wallets.NotConfigured')}</p>
      ) : null}
    </li>
  );
}
