import type { PublicExchange } from '@vaultline/shared';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useConfirmExchange } from '../api/manual-deposit-api';
import { rememberExchange } from '../lib/manual-deposit-store';
import { BusySpinner, DepositField } from './manual-deposit-field';

/** The server's own explanation of a refusal (4xx, translated from its code); none for outages. */
export function clearServerMessage(err: unknown): string | null {
  return err instanceof ApiRequestError && err.status >= 400 && err.status < 500 ? err.message : null;
}

/**
 * The guest's transaction hash and Done (spec-1 §2, §5): the hash is required ("Input Required"),
 * a second press is ignored while one runs, and the client sends only what the guest typed (no
 * invented hash or sender address, DECISIONS §4). On success the browser's record becomes pending.
 */
export function DepositConfirm({
  exchange,
  onConfirmed,
  secondary,
}: {
  exchange: PublicExchange;
  onConfirmed: (e: PublicExchange) => void;
  /** The back / cancel action beside Done. */
  secondary?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const confirm = useConfirmExchange();
  const running = useRef(false);
  const [hash, setHash] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (running.current) return;
    const value = hash.trim();
    if (!value) {
      const message = t('ManualDeposit.Submitted.HashRequired');
      notify({ title: t('ManualDeposit.Submitted.HashRequiredTitle'), message, severity: 'Warning' });
      setError(message);
      return;
    }
    running.current = true;
    setError(null);
    // mutateAsync, not mutate callbacks: a live update can move the exchange on (and unmount this
    // form) before the answer comes back, and the answer must still be acted on.
    void confirm
      .mutateAsync({ exchangeId: exchange.id, transactionHash: value })
      .then(
        (done) => {
          rememberExchange(done);
          notify({
            title: t('ManualDeposit.Submitted.Confirmed'),
            message: t('ManualDeposit.Submitted.ConfirmedText'),
            severity: 'Success',
          });
          onConfirmed(done);
        },
        (err: unknown) => {
          const message = clearServerMessage(err) ?? t('ManualDeposit.Errors.Confirm');
          notify({ title: t('ManualDeposit.Errors.Title'), message, severity: 'Error', closeAfter: 10_000 });
          setError(message);
        },
      )
      .finally(() => {
        running.current = false;
      });
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(ev) => {
        ev.preventDefault();
        submit();
      }}
    >
      <DepositField
        id={`${id}-hash`}
        label={t('ManualDeposit.Submitted.Hash')}
        hint={t('ManualDeposit.Submitted.HashHint', { ticker: exchange.sourceWalletTicker })}
        value={hash}
        onChange={(ev) => setHash(ev.target.value)}
        error={error}
        required
        autoComplete="off"
        spellCheck={false}
        className="[&_input]:font-mono"
        maxLength={200}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {secondary}
        <Button type="submit" variant="success" size="lg" aria-disabled={confirm.isPending || undefined}>
          {confirm.isPending ? <BusySpinner /> : null}
          {confirm.isPending ? t('ManualDeposit.Submitted.Confirming') : t('ManualDeposit.Submitted.Done')}
        </Button>
      </div>
    </form>
  );
}
