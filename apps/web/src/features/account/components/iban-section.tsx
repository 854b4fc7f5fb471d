import type { BankAccount } from '@vaultline/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button, Card, cn } from '../../../components/ui';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUpdateIban } from '../api/account-api';
import { bankStatusBadge } from '../lib/bank-status';
import { displayIban, ibanInput } from '../lib/iban';
import { InputField, SaveCancel } from './form-parts';

const TONES = {
  grey: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
} as const;

export function BankStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const badge = bankStatusBadge(status);
  return (
    <span
      data-testid="iban-status"
      data-tone={badge.tone}
      className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[badge.tone])}
    >
      {t(badge.key)}
    </span>
  );
}

/**
 * Bank account (spec-2 §2): the IBAN with its review badge. The IBAN is checked here as on the
 * server (ibantools: country, length, format, check digits); a refusal shows the server's first
 * IBAN error (translated from its code), otherwise the generic text (spec-2 §8).
 */
export function IbanSection({ account }: { account: BankAccount | null }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateIban();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const open = () => {
    setText(account ? displayIban(account.iban) : '');
    setError(undefined);
    setEditing(true);
  };
  const close = () => {
    setError(undefined);
    setEditing(false);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = ibanInput(text);
    if ('errorKey' in checked) return setError(t(checked.errorKey));
    if (account && checked.iban === account.iban) return close();
    setError(undefined);
    try {
      await update.mutateAsync(checked.iban);
    } catch (err) {
      const ibanError = err instanceof ApiRequestError && err.fields?.iban ? err.message : undefined;
      const message = ibanError ?? t('MyAccount.Messages.UpdateIbanError');
      setError(message);
      notify({ severity: 'Error', title: t('MyAccount.Messages.Error'), message });
      return;
    }
    notify({
      severity: 'Success',
      title: t('MyAccount.Messages.Success'),
      message: t('MyAccount.Messages.UpdateIbanSuccess'),
    });
    close();
  };

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('MyAccount.Iban.Title')}
        </h2>
        {editing ? null : (
          <Button variant="secondary" size="sm" onClick={open}>
            {account ? t('MyAccount.Edit') : t('MyAccount.Iban.Add')}
          </Button>
        )}
      </div>
      {editing ? (
        <form onSubmit={submit} noValidate className="mt-4 space-y-3" aria-labelledby={`${id}-title`}>
          <InputField
            id={`${id}-iban`}
            label={t('MyAccount.Iban.Label')}
            autoComplete="off"
            spellCheck={false}
            placeholder="CH93 0076 2011 6238 5295 7"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={error}
            inputClassName="font-mono"
          />
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('MyAccount.Iban.ReviewHint')}</p>
          <SaveCancel pending={update.isPending} onCancel={close} />
        </form>
      ) : account ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <span data-testid="iban-value" className="font-mono text-slate-900 break-all dark:text-slate-100">
            {displayIban(account.iban)}
          </span>
          <BankStatusBadge status={account.status} />
        </div>
      ) : (
        <p className="mt-3 text-slate-600 italic dark:text-slate-400">{t('MyAccount.Iban.None')}</p>
      )}
    </Card>
  );
}
