import { WalletType, type WithdrawalAddress, withdrawalAddressRequestSchema } from '@vaultline/shared';
import { type FormEvent, useId, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { DialogFormFooter } from '../../funding/components/dialog-form-footer';
import { Field } from '../../funding/components/field';
import { useUserWallets } from '../../wallets/api/get-user-wallets';
import { useAddWithdrawalAddress } from '../api/withdrawals-api';

type Errors = Partial<Record<'assetId' | 'address' | 'memo' | 'label' | 'server', string>>;

/**
 * A new address of the address book: the asset (fixed when opened from a wallet), the address, a memo
 * where the network uses one, and a name. The server checks it for the asset's network and asks for
 * the second factor; a new address waits its hold before its first use.
 */
export function AddAddressForm({
  assetId: fixed,
  onDone,
}: {
  assetId?: string;
  onDone: (added: WithdrawalAddress | null) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const wallets = useUserWallets();
  const add = useAddWithdrawalAddress();
  const crypto = (wallets.data ?? []).filter((w) => w.type !== WalletType.Fiat);
  const [assetId, setAssetId] = useState(fixed ?? '');
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = withdrawalAddressRequestSchema.safeParse({
      assetId,
      address,
      label,
      ...(memo.trim() ? { memo } : {}),
    });
    if (!parsed.success) {
      const paths = new Set(parsed.error.issues.map((i) => String(i.path[0])));
      setErrors({
        ...(paths.has('assetId') ? { assetId: t('Withdraw.Book.Errors.Asset') } : {}),
        ...(paths.has('address') ? { address: t('Withdraw.Book.Errors.Address') } : {}),
        ...(paths.has('memo') ? { memo: t('Withdraw.Book.Errors.Memo') } : {}),
        ...(paths.has('label') ? { label: t('Withdraw.Book.Errors.Label') } : {}),
      });
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (a) => {
        notify({
          severity: 'Success',
          title: t('Withdraw.Book.Added'),
          message: a.usable ? t('Withdraw.Book.AddedUsable') : t('Withdraw.Book.AddedOnHold'),
        });
        onDone(a);
      },
      onError: (err) => {
        if (err instanceof ApiRequestError && err.code === 'TWO_FACTOR_REQUIRED') return;
        setErrors({ server: err.message });
      },
    });
  };

  return (
    <form className="space-y-3" onSubmit={submit} noValidate data-testid="add-address-form">
      {fixed ? null : (
        <div>
          <label
            htmlFor={`${ids}-asset`}
            className="block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {t('Withdraw.Book.Asset')}
          </label>
          <select
            id={`${ids}-asset`}
            value={assetId}
            onChange={(e) => setAssetId(e.target.value)}
            aria-invalid={errors.assetId ? true : undefined}
            aria-describedby={errors.assetId ? `${ids}-asset-error` : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100"
          >
            <option value="">{t('Withdraw.Book.ChooseAsset')}</option>
            {crypto.map((w) => (
              <option key={w.id} value={w.id}>
                {w.fullName} ({w.ticker})
              </option>
            ))}
          </select>
          {errors.assetId ? (
            <p id={`${ids}-asset-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
              {errors.assetId}
            </p>
          ) : null}
        </div>
      )}
      <Field
        id={`${ids}-label`}
        label={t('Withdraw.Book.Label')}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        autoComplete="off"
        maxLength={60}
        error={errors.label}
      />
      <Field
        id={`${ids}-address`}
        label={t('Withdraw.Book.Address')}
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        className="[&_input]:font-mono"
        error={errors.address}
      />
      <Field
        id={`${ids}-memo`}
        label={t('Withdraw.Book.Memo')}
        value={memo}
        onChange={(e) => setMemo(e.target.value)}
        autoComplete="off"
        error={errors.memo}
      />
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('Withdraw.Book.HoldNote')}</p>
      <DialogFormFooter
        serverError={errors.server ? `${t('Withdraw.Book.Errors.Add')} ${errors.server}` : null}
        pending={add.isPending}
        onCancel={() => onDone(null)}
      >
        {t('Withdraw.Book.Add')}
      </DialogFormFooter>
    </form>
  );
}
