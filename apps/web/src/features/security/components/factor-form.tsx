import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import type { TwoFactorProof } from '../../../lib/step-up';
import { SubmitButton } from '../../auth/components/submit-button';
import { TextField } from '../../auth/components/text-field';
import type { PasskeyRequestOptions } from '../api/security-types';
import { passkeyCancelled, passkeysSupported, signWithPasskey } from '../lib/passkey';

export interface FactorChoice {
  /** A typed code is accepted: the authenticator app's, or one of the recovery codes. */
  code: boolean;
  /** The account has an authenticator app (without one, the typed code is a recovery code). */
  totp: boolean;
  /** The account has a passkey. */
  passkey: boolean;
  /** The passkey options the sign-in's challenge came with (a step-up asks for its own). */
  passkeyOptions?: PasskeyRequestOptions | null;
}

interface Props {
  choice: FactorChoice;
  /** Sends the factor; rejects when it is refused (the form shows why and stays). */
  onProof: (proof: TwoFactorProof) => Promise<void>;
  /** Extra buttons beside the submit one (the dialog's Cancel). */
  actions?: React.ReactNode;
}

/** The error text of a refused factor. */
function refusal(t: (k: string) => string, err: unknown): string {
  if (passkeyCancelled(err)) return t('Security.Factor.PasskeyCancelled');
  if (err instanceof ApiRequestError && err.code !== 'VALIDATION' && err.status < 500 && err.message)
    return err.message;
  return t('Security.Factor.Failed');
}

/**
 * A second factor, as the sign-in's second step and the step-up dialog ask for it: a code of the
 * authenticator app, or one of the recovery codes, or a passkey.
 */
export function FactorForm({ choice, onProof, actions }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [mode, setMode] = useState<'code' | 'recovery'>(choice.totp ? 'code' : 'recovery');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (proof: () => Promise<TwoFactorProof>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onProof(await proof());
    } catch (err) {
      setError(refusal(t, err));
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = value.replace(/\s+/g, '');
    if (mode === 'code' && !/^\d{6}$/.test(text)) return setError(t('Security.Factor.CodeInvalid'));
    if (mode === 'recovery' && !/^[a-z0-9]{10}$/i.test(text.replace(/-/g, '')))
      return setError(t('Security.Factor.RecoveryInvalid'));
    void send(async () => (mode === 'code' ? { code: text } : { recoveryCode: text }));
  };

  const passkey = choice.passkey && passkeysSupported();
  return (
    <div className="space-y-4">
      {choice.code ? (
        <form onSubmit={submit} noValidate className="space-y-3">
          {mode === 'code' ? (
            <TextField
              key="code"
              label={t('Security.Factor.CodeLabel')}
              hint={t('Security.Factor.CodeHint')}
              error={error ?? undefined}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          ) : (
            <TextField
              key="recovery"
              label={t('Security.Factor.RecoveryLabel')}
              hint={t('Security.Factor.RecoveryHint')}
              error={error ?? undefined}
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
          <SubmitButton pending={busy}>{t('Security.Factor.Verify')}</SubmitButton>
          {choice.totp ? (
            <button
              type="button"
              className="text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
              onClick={() => {
                setMode(mode === 'code' ? 'recovery' : 'code');
                setValue('');
                setError(null);
              }}
            >
              {mode === 'code' ? t('Security.Factor.UseRecovery') : t('Security.Factor.UseCode')}
            </button>
          ) : null}
        </form>
      ) : null}
      {passkey ? (
        <div className="space-y-2">
          {choice.code ? (
            <p className="text-center text-sm text-slate-600 dark:text-slate-400">
              {t('Security.Factor.Or')}
            </p>
          ) : null}
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            aria-busy={busy || undefined}
            onClick={() => void send(async () => ({ passkey: await signWithPasskey(choice.passkeyOptions) }))}
          >
            {t('Security.Factor.UsePasskey')}
          </Button>
        </div>
      ) : null}
      {error && !choice.code ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {actions ? <div className="flex justify-end gap-2">{actions}</div> : null}
    </div>
  );
}
