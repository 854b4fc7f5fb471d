import { useQueryClient } from '@tanstack/react-query';
import { networkName, usesMemoTicker, type Wallet } from '@vaultline/shared';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Button, cn, LinkButton } from '../../../components/ui';
import { ApiRequestError } from '../../../lib/api-client';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { notifications, notify } from '../../../lib/notify';
import { normaliseAmount } from '../../convert/lib/amount';
import { exchangeQueryOptions, useCreateExchange } from '../api/manual-deposit-api';
import { canGetAddress, type DepositCheck, failedDepositChecks } from '../lib/manual-deposit-checks';
import { forgetChosenAssets, rememberExchange } from '../lib/manual-deposit-store';
import { clearServerMessage } from './manual-deposit-confirm';
import { BusySpinner, DepositField } from './manual-deposit-field';
import { DepositSummary } from './manual-deposit-summary';

type FieldName = 'email' | 'address' | 'refund' | 'memo' | 'amount';

/** spec-1 §8 notification title and text of each form check (keys under ManualDeposit.Checks). */
const CHECK_TEXT: Record<DepositCheck, { title: string; text: string }> = {
  email: { title: 'InvalidEmailTitle', text: 'InvalidEmail' },
  address: { title: 'InvalidAddressTitle', text: 'InvalidAddress' },
  amount: { title: 'InvalidAmountTitle', text: 'InvalidAmount' },
};

/** The field a server refusal is about, so its message shows there too. */
const FIELD_OF_CODE: Record<string, FieldName> = {
  INVALID_EMAIL: 'email',
  INVALID_WALLET_ADDRESS: 'address',
  INVALID_REFUND_ADDRESS: 'refund',
  INVALID_MEMO: 'memo',
  MEMO_NOT_USED: 'memo',
  INVALID_AMOUNT: 'amount',
  TOO_MANY_DECIMALS: 'amount',
  BELOW_MINIMUM: 'amount',
  AMOUNT_TOO_SMALL: 'amount',
};

/**
 * The manual deposit's form step (spec-1 §2, §5): amount, e-mail, receiving address, optional refund
 * address and memo, Get Address and Cancel. Checks run in the spec's order; field errors show after
 * a field was left or the form submitted. Get Address is marked disabled until the e-mail and
 * address are valid but stays focusable, so pressing it says what is missing.
 */
export function ManualDepositForm({
  source,
  destination,
  amount,
  onCreated,
  partnerId,
  onCancel,
}: {
  source: Wallet;
  destination: Wallet;
  amount: string;
  onCreated: (exchangeId: string) => void;
  /** The partner whose embedded widget this is (sent as partnerId; the server applies its commission). */
  partnerId?: string | null;
  /** Cancel without leaving the page (the embedded widget); otherwise Cancel goes back to buy-sell. */
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const qc = useQueryClient();
  const create = useCreateExchange();
  const busy = useRef(false);
  /** This form's warnings and errors, taken down once the exchange exists (they no longer apply). */
  const raised = useRef<number[]>([]);
  const warn = (input: Parameters<typeof notify>[0]) => raised.current.push(notify(input));
  const [values, setValues] = useState({ email: '', address: '', refund: '', memo: '' });
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const memo = usesMemoTicker(destination.ticker);
  const form = { email: values.email, address: values.address, amount };
  const failed = new Set(failedDepositChecks(form));
  const ready = canGetAddress(form);

  const shown = (f: FieldName, check?: DepositCheck): string | null => {
    if (serverErrors[f]) return serverErrors[f] ?? null;
    if (!check || !failed.has(check) || !(submitted || touched[f])) return null;
    return t(`ManualDeposit.Checks.${CHECK_TEXT[check].text}`);
  };

  const set = (f: Exclude<FieldName, 'amount'>) => (ev: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [f]: ev.target.value }));
    setServerErrors((e) => ({ ...e, [f]: undefined }));
  };
  const blur = (f: FieldName) => () => setTouched((x) => ({ ...x, [f]: true }));

  const getAddress = () => {
    setSubmitted(true);
    const first = failedDepositChecks(form)[0];
    if (first) {
      const texts = CHECK_TEXT[first];
      warn({
        title: t(`ManualDeposit.Checks.${texts.title}`),
        message: t(`ManualDeposit.Checks.${texts.text}`),
        severity: 'Warning',
      });
      if (first !== 'amount') document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    if (busy.current) return;
    busy.current = true;
    setServerErrors({});
    // mutateAsync so the answer is acted on even if the form is gone by then.
    void create
      .mutateAsync({
        sourceWalletId: source.id,
        destinationWalletId: destination.id,
        amount: normaliseAmount(amount),
        userEmail: values.email.trim(),
        destinationWalletAddress: values.address.trim(),
        refundWalletAddress: values.refund.trim() || null,
        destinationMemo: memo ? values.memo.trim() || null : null,
        language: currentLanguage(),
        ...(partnerId ? { partnerId } : {}),
      })
      .then(
        async ({ id }) => {
          for (const n of raised.current.splice(0)) notifications.remove(n);
          notify({
            title: t('ManualDeposit.Created'),
            // The spec's text asks for a confirmation that only the manual deposit has.
            message: source.network
              ? t('ManualDeposit.CreatedTextWatched', { network: networkName(source.network) })
              : t('ManualDeposit.CreatedText'),
            severity: 'Success',
          });
          try {
            // The server's fixed quote is what the browser keeps (the submitted step reads it too).
            rememberExchange(await qc.fetchQuery(exchangeQueryOptions(id)));
          } catch {
            // The submitted step loads it again and keeps it then.
          }
          forgetChosenAssets();
          onCreated(id);
        },
        (err: unknown) => {
          busy.current = false;
          const clear = clearServerMessage(err);
          warn({
            title: t('ManualDeposit.Errors.Title'),
            message: clear ?? t('ManualDeposit.Errors.Create'),
            severity: 'Error',
            closeAfter: 10_000,
          });
          const field = err instanceof ApiRequestError ? FIELD_OF_CODE[err.code] : undefined;
          if (clear && field) setServerErrors({ [field]: clear });
        },
      );
  };

  const pending = create.isPending;
  return (
    <form
      noValidate
      aria-labelledby={`${ids}-title`}
      className="space-y-5"
      onSubmit={(ev) => {
        ev.preventDefault();
        getAddress();
      }}
    >
      <h2 id={`${ids}-title`} className="sr-only">
        {t('ManualDeposit.StepDetails')}
      </h2>
      <DepositSummary
        source={source}
        destination={destination}
        amount={amount}
        amountError={shown('amount', 'amount')}
      />
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('ManualDeposit.RequiredNote')}</p>
      <DepositField
        id={`${ids}-email`}
        label={t('ManualDeposit.Email')}
        hint={t('ManualDeposit.EmailHint')}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={values.email}
        onChange={set('email')}
        onBlur={blur('email')}
        error={shown('email', 'email')}
      />
      <DepositField
        id={`${ids}-address`}
        label={t('ManualDeposit.Address', { ticker: destination.ticker })}
        hint={t('ManualDeposit.AddressHint', { ticker: destination.ticker })}
        required
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        className="[&_input]:font-mono"
        value={values.address}
        onChange={set('address')}
        onBlur={blur('address')}
        error={shown('address', 'address')}
      />
      {memo ? (
        <DepositField
          id={`${ids}-memo`}
          label={t('ManualDeposit.Memo', { ticker: destination.ticker })}
          hint={t('ManualDeposit.MemoHint', { ticker: destination.ticker })}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={values.memo}
          onChange={set('memo')}
          error={shown('memo')}
        />
      ) : null}
      <DepositField
        id={`${ids}-refund`}
        label={t('ManualDeposit.Refund', { ticker: source.ticker })}
        hint={t('ManualDeposit.RefundHint', { ticker: source.ticker })}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        className="[&_input]:font-mono"
        value={values.refund}
        onChange={set('refund')}
        error={shown('refund')}
      />
      {ready ? null : (
        <p id={`${ids}-why`} className="text-xs text-slate-600 sm:text-right dark:text-slate-400">
          {t('ManualDeposit.GetAddressHint')}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="secondary" size="lg" onClick={onCancel}>
            {t('ManualDeposit.Cancel')}
          </Button>
        ) : (
          <LinkButton to="/buy-sell" variant="secondary" size="lg">
            {t('ManualDeposit.Cancel')}
          </LinkButton>
        )}
        <Button
          type="submit"
          size="lg"
          aria-disabled={!ready || pending || undefined}
          aria-describedby={ready ? undefined : `${ids}-why`}
          className={cn(!ready && 'opacity-60')}
        >
          {pending ? <BusySpinner /> : null}
          {pending ? t('ManualDeposit.Creating') : t('ManualDeposit.GetAddress')}
        </Button>
      </div>
    </form>
  );
}
