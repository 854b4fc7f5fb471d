import type { BankAccount, WithdrawalAddress } from '@vaultline/shared';
import { Button, Spinner } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

const input =
  'mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100';

/** Where the money goes: an address of the book (crypto; on hold ones shown but not choosable) or the bank account. */
export function TargetPicker({
  id,
  fiat,
  ticker,
  addresses,
  loading,
  iban,
  bankApproved,
  value,
  onChange,
  onAdd,
  error,
}: {
  id: string;
  fiat: boolean;
  ticker: string;
  addresses: WithdrawalAddress[];
  loading: boolean;
  iban: BankAccount | null;
  bankApproved: boolean;
  value: string;
  onChange: (v: string) => void;
  onAdd: () => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const describedBy = error ? `${id}-error` : undefined;
  if (fiat) {
    return (
      <div>
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('Withdraw.To')}</p>
        <p className="mt-1 rounded-lg bg-slate-100 p-3 text-sm dark:bg-slate-800" data-testid="withdraw-bank">
          {iban
            ? t('Withdraw.BankAccount', { iban: `…${iban.iban.replace(/\s/g, '').slice(-4)}` })
            : t('Withdraw.NoBank')}
        </p>
        {iban && !bankApproved ? (
          <p role="alert" className="mt-2 text-sm text-amber-800 dark:text-amber-300">
            {t('Withdraw.BankNotApproved')}
          </p>
        ) : null}
      </div>
    );
  }
  if (loading) return <Spinner label={t('Withdraw.LoadingAddresses')} />;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('Withdraw.To')}
      </label>
      {addresses.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t('Withdraw.NoAddress', { ticker })}
        </p>
      ) : (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={input}
        >
          <option value="">{t('Withdraw.ChooseAddress')}</option>
          {addresses.map((a) => (
            <option key={a.id} value={a.id} disabled={!a.usable}>
              {a.usable
                ? `${a.label} · ${shorten(a.address)}`
                : t('Withdraw.AddressOnHold', { label: a.label, at: f.dateTime(a.usableAt) })}
            </option>
          ))}
        </select>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <Button variant="ghost" size="sm" className="mt-1 -ml-2" onClick={onAdd}>
        {t('Withdraw.AddAddress')}
      </Button>
    </div>
  );
}

/** 0x1234…abcd: enough to recognise an address in a list. */
export const shorten = (a: string) => (a.length > 20 ? `${a.slice(0, 10)}…${a.slice(-6)}` : a);
