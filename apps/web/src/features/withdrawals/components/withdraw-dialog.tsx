import { BankAccountStatus, type Wallet, WalletType } from '@vaultline/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LinkButton, Spinner } from '../../../components/ui';
import { ApiRequestError, api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useIban } from '../../account/api/account-api';
import { useDebouncedValue } from '../../admin/lib/use-debounced-value';
import { DialogFormFooter } from '../../funding/components/dialog-form-footer';
import { ModalDialog } from '../../funding/components/modal-dialog';
import { useTwoFactor } from '../../security/api/security-api';
import { useCreateWithdrawal, useWithdrawalAddresses, useWithdrawalQuote } from '../api/withdrawals-api';
import {
  amountProblem,
  BANK,
  maxAmount,
  normaliseAmount,
  quotableAmount,
  targetOf,
} from '../lib/withdraw-form';
import { AddAddressForm } from './add-address-form';
import { AmountField } from './amount-field';
import { QuoteSummary } from './quote-summary';
import { TargetPicker } from './target-picker';

/** The quote is asked for once typing pauses this long. */
export const QUOTE_DEBOUNCE_MS = 400;

/**
 * Withdraw from one wallet (issue 31 point 8): where to (an address of the book, or the approved bank
 * account for fiat), the amount with "max", the fee and what arrives as you type, then the second
 * factor (the api client's step-up dialog) and the tracking page. One request id per opening, so a
 * double click makes one withdrawal.
 */
export function WithdrawDialog({
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
  const navigate = useNavigate();
  const fiat = wallet.type === WalletType.Fiat;
  const factors = useTwoFactor();
  const addresses = useWithdrawalAddresses(open && !fiat);
  const iban = useIban();
  const create = useCreateWithdrawal();
  const [picked, setPicked] = useState(fiat ? BANK : '');
  const [amount, setAmount] = useState('');
  const [adding, setAdding] = useState(false);
  const [maxBusy, setMaxBusy] = useState(false);
  const [errors, setErrors] = useState<{ target?: string; amount?: string; server?: string }>({});
  const requestId = useRef<string>(crypto.randomUUID());

  useEffect(() => {
    if (open) requestId.current = crypto.randomUUID();
  }, [open]);

  const debounced = useDebouncedValue(quotableAmount(amount, wallet.decimals), QUOTE_DEBOUNCE_MS);
  const quote = useWithdrawalQuote(wallet.id, open ? debounced.value : null);

  const close = () => {
    setAmount('');
    setErrors({});
    setAdding(false);
    setPicked(fiat ? BANK : '');
    create.reset();
    onClose();
  };

  const takeMax = async () => {
    setMaxBusy(true);
    try {
      const q = await api.post<{ fee: string; available: string }>('Withdrawals/quote', {
        assetId: wallet.id,
        amount: quotableAmount(amount, wallet.decimals) ?? '1',
      });
      const max = maxAmount(q.available, q.fee, wallet.decimals);
      if (max) {
        setAmount(max);
        setErrors((e) => ({ ...e, amount: undefined }));
      } else setErrors((e) => ({ ...e, amount: t('Withdraw.Errors.NothingToWithdraw') }));
    } catch (err) {
      setErrors((e) => ({ ...e, amount: err instanceof Error ? err.message : t('Withdraw.Errors.Quote') }));
    } finally {
      setMaxBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const target = targetOf(picked);
    const problem = amountProblem(amount, wallet.decimals, quote.data);
    const next = {
      ...(target ? {} : { target: t('Withdraw.Errors.Target') }),
      ...(problem
        ? {
            amount: t(`Withdraw.Errors.Amount_${problem}`, {
              decimals: wallet.decimals,
              minimum: quote.data?.minimum,
              ticker: wallet.ticker,
            }),
          }
        : {}),
    };
    setErrors(next);
    if (!target || problem) return;
    create.mutate(
      { assetId: wallet.id, amount: normaliseAmount(amount), requestId: requestId.current, ...target },
      {
        onSuccess: (w) => {
          close();
          void navigate(`/withdrawals/${w.id}`);
        },
        onError: (err) => {
          // Given up at the step-up, or refused for want of a factor (the shell explains that one).
          if (err instanceof ApiRequestError && err.code === 'TWO_FACTOR_REQUIRED') return;
          setErrors({ server: err.message });
        },
      },
    );
  };

  const noFactor = factors.data ? !factors.data.totp && factors.data.passkeys.length === 0 : false;
  const bankApproved = iban.data?.status === BankAccountStatus.approved;
  return (
    <ModalDialog open={open} onClose={close} title={t('Withdraw.Title', { ticker: wallet.ticker })}>
      {factors.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('Withdraw.Loading')} />
        </div>
      ) : noFactor ? (
        <div role="alert" className="space-y-4" data-testid="withdraw-needs-factor">
          <p className="rounded-lg bg-amber-100 p-3 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
            {t('Withdraw.NeedsFactor')}
          </p>
          <div className="flex justify-end">
            <LinkButton to="/my-account/security" onClick={close}>
              {t('Security.Required.Link')}
            </LinkButton>
          </div>
        </div>
      ) : adding ? (
        <AddAddressForm
          assetId={wallet.id}
          onDone={(a) => {
            setAdding(false);
            if (a) setPicked(a.id);
          }}
        />
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate data-testid="withdraw-form">
          <TargetPicker
            id={`${ids}-to`}
            fiat={fiat}
            ticker={wallet.ticker}
            addresses={(addresses.data ?? []).filter((a) => a.assetId === wallet.id)}
            loading={!fiat && addresses.isPending}
            iban={iban.data ?? null}
            bankApproved={bankApproved}
            value={picked}
            onChange={setPicked}
            onAdd={() => setAdding(true)}
            error={errors.target}
          />
          <AmountField
            id={`${ids}-amount`}
            ticker={wallet.ticker}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setErrors((e) => ({ ...e, amount: undefined, server: undefined }));
            }}
            onMax={() => void takeMax()}
            maxBusy={maxBusy}
            error={errors.amount}
          />
          <QuoteSummary
            ticker={wallet.ticker}
            quote={quote.data}
            loading={debounced.waiting || quote.isFetching}
            error={quote.isError ? quote.error.message : null}
          />
          <DialogFormFooter
            serverError={errors.server ? `${t('Withdraw.Errors.Submit')} ${errors.server}` : null}
            pending={create.isPending}
            onCancel={close}
          >
            {t('Withdraw.Submit')}
          </DialogFormFooter>
        </form>
      )}
    </ModalDialog>
  );
}
