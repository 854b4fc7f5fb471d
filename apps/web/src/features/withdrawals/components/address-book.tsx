import type { WithdrawalAddress } from '@vaultline/shared';
import { useState } from 'react';
import { Button, Card, Spinner } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { ButtonSpinner } from '../../admin/components/admin-ui';
import { useRemoveWithdrawalAddress, useWithdrawalAddresses } from '../api/withdrawals-api';
import { AddAddressForm } from './add-address-form';

/** My account: the addresses crypto can be withdrawn to (issue 31 point 2). */
export function AddressBook() {
  const { t } = useTranslation();
  const list = useWithdrawalAddresses();
  const [adding, setAdding] = useState(false);
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold" id="address-book">
          {t('Withdraw.Book.Title')}
        </h2>
        {adding ? null : (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            {t('Withdraw.Book.Add')}
          </Button>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('Withdraw.Book.Description')}</p>
      {adding ? (
        <div className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <AddAddressForm onDone={() => setAdding(false)} />
        </div>
      ) : null}
      {list.isPending ? (
        <div className="mt-4">
          <Spinner label={t('Withdraw.LoadingAddresses')} />
        </div>
      ) : list.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-red-700 dark:text-red-400">
          <p>
            {t('Withdraw.Book.LoadError')} {list.error.message}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t('MyAccount.Retry')}
          </Button>
        </div>
      ) : list.data.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t('Withdraw.Book.Empty')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700" data-testid="address-book">
          {list.data.map((a) => (
            <AddressRow key={a.id} address={a} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function AddressRow({ address: a }: { address: WithdrawalAddress }) {
  const { t } = useTranslation();
  const f = useFormat();
  const remove = useRemoveWithdrawalAddress();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="address-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {a.label}{' '}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">· {a.ticker}</span>
        </p>
        <p className="mt-0.5 font-mono text-sm break-all text-slate-700 dark:text-slate-300">{a.address}</p>
        {a.memo ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('Withdraw.Book.Memo')}: {a.memo}
          </p>
        ) : null}
        {a.usable ? null : (
          <p
            className="mt-1 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200"
            data-testid="address-on-hold"
          >
            {t('Withdraw.Book.UsableFrom', { at: f.dateTime(a.usableAt) })}
          </p>
        )}
      </div>
      {confirming ? (
        <div className="flex gap-2">
          <Button
            variant="danger"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(a.id, {
                onSuccess: () => notify({ severity: 'Success', title: t('Withdraw.Book.Removed') }),
                onError: (err) =>
                  notify({
                    severity: 'Error',
                    title: t('Withdraw.Book.Errors.Remove'),
                    message: err.message,
                  }),
              })
            }
          >
            {remove.isPending ? <ButtonSpinner label={t('Withdraw.Book.Removing')} /> : null}
            {t('Withdraw.Book.ConfirmRemove')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            {t('Funding.Cancel')}
          </Button>
        </div>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={t('Withdraw.Book.RemoveLabel', { label: a.label })}
        >
          {t('Withdraw.Book.Remove')}
        </Button>
      )}
    </li>
  );
}
