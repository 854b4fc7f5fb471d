import { cryptoNotifyRequestSchema, networkName, type Wallet } from '@vaultline/shared';
import { type FormEvent, useId, useState } from 'react';
import { Spinner } from '../../../components/ui';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDepositAddress } from '../api/get-deposit-address';
import { useNotifyCryptoDeposit } from '../api/notify-crypto-deposit';
import { CopyButton } from './copy-button';
import { DialogFormFooter } from './dialog-form-footer';
import { Field } from './field';
import { ModalDialog } from './modal-dialog';
import { QrCode } from './qr-code';
import { WatchedDeposit } from './watched-deposit';

const normalise = (v: string) => (/^\d*,\d+$/.test(v.trim()) ? v.trim().replace(',', '.') : v.trim());

/** Crypto deposit: the house address (QR + copy), then the hash and amount sent for an admin to verify. */
export function CryptoDepositDialog({
  wallet,
  open,
  onClose,
}: {
  wallet: Wallet;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const address = useDepositAddress(wallet.id, open && wallet.isAddressConfigured);
  const send = useNotifyCryptoDeposit();
  const [hash, setHash] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ hash?: string; amount?: string; server?: string }>({});

  const close = () => {
    setHash('');
    setAmount('');
    setErrors({});
    send.reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = cryptoNotifyRequestSchema.safeParse({
      assetId: wallet.id,
      amount: normalise(amount),
      transactionHash: hash,
    });
    if (!parsed.success) {
      const paths = new Set(parsed.error.issues.map((i) => i.path[0]));
      setErrors({
        ...(paths.has('transactionHash') ? { hash: t('Funding.Errors.Hash') } : {}),
        ...(paths.has('amount') ? { amount: t('Funding.Errors.Amount') } : {}),
      });
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        notify({
          title: t('Funding.Crypto.Submitted'),
          message: t('Funding.Crypto.SubmittedText'),
          severity: 'Success',
        });
        close();
      },
      onError: (err) => setErrors({ server: err.message }),
    });
  };

  const unconfigured =
    !wallet.isAddressConfigured ||
    (address.error instanceof ApiRequestError && address.error.code === 'ADDRESS_NOT_CONFIGURED');
  return (
    <ModalDialog open={open} onClose={close} title={t('Funding.Crypto.Title', { ticker: wallet.ticker })}>
      {unconfigured ? (
        <p
          role="alert"
          className="rounded-lg bg-amber-100 p-3 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
        >
          {t('Funding.Errors.AddressNotConfigured', { ticker: wallet.ticker })}
        </p>
      ) : address.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('Funding.Crypto.LoadingAddress')} />
        </div>
      ) : address.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {t('Funding.Errors.LoadAddress')} {address.error.message}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {address.data.network
              ? t('Funding.Chain.Instructions', {
                  ticker: wallet.ticker,
                  network: networkName(address.data.network),
                })
              : t('Funding.Crypto.Instructions', { ticker: wallet.ticker })}
          </p>
          <div className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:items-start">
            <QrCode
              value={address.data.address}
              label={t('Funding.Crypto.QrLabel', { ticker: wallet.ticker })}
            />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{t('Funding.Crypto.Address')}</p>
              <p
                data-testid="deposit-address"
                className="mt-1 break-all rounded bg-slate-100 p-2 font-mono text-sm dark:bg-slate-800"
              >
                {address.data.address}
              </p>
              <div className="mt-2">
                <CopyButton text={address.data.address} />
              </div>
            </div>
          </div>
          {address.data.network ? (
            <WatchedDeposit wallet={wallet} address={address.data} onClose={close} />
          ) : (
            <form className="mt-6 space-y-3" onSubmit={submit} noValidate>
              <Field
                id={`${ids}-hash`}
                label={t('Funding.Crypto.Hash')}
                value={hash}
                onChange={(e) => setHash(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                error={errors.hash}
              />
              <Field
                id={`${ids}-amount`}
                label={t('Funding.Crypto.Amount', { ticker: wallet.ticker })}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                inputMode="decimal"
                autoComplete="off"
                error={errors.amount}
              />
              <DialogFormFooter
                serverError={errors.server ? `${t('Funding.Errors.Submit')} ${errors.server}` : null}
                pending={send.isPending}
                onCancel={close}
              >
                {t('Funding.Crypto.Submit')}
              </DialogFormFooter>
            </form>
          )}
        </>
      )}
    </ModalDialog>
  );
}
