import { type FormEvent, useState } from 'react';
import { Button, Card } from '../../../components/ui';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { TextField } from '../../auth/components/text-field';
import { QrCode } from '../../funding/components/qr-code';
import { useTotpDisable, useTotpEnable, useTotpSetup } from '../api/security-api';
import type { TotpSetup, TwoFactorStatus } from '../api/security-types';
import { RecoveryCodes } from './recovery-codes';

const SIX_DIGITS = /^\d{6}$/;

/** A refused call's text: the server's translated message, or a general one. */
function failure(t: (k: string) => string, err: unknown): string {
  return err instanceof ApiRequestError && err.status < 500 && err.message
    ? err.message
    : t('Security.Factor.Failed');
}

/** The authenticator app (TOTP): set up with a QR code and a first code, or turned off with a code. */
export function AuthenticatorCard({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const disable = useTotpDisable();
  const [pending, setPending] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: (s) => {
        setPending(s);
        setCode('');
        setError(null);
      },
      onError: (err) =>
        notify({ severity: 'Error', title: t('Security.Factor.Failed'), message: failure(t, err) }),
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const c = code.replace(/\s+/g, '');
    if (!SIX_DIGITS.test(c)) return setError(t('Security.Factor.CodeInvalid'));
    const done = { onError: (err: unknown) => setError(failure(t, err)) };
    if (pending)
      enable.mutate(c, {
        ...done,
        onSuccess: (r) => {
          setPending(null);
          setCodes(r.recoveryCodes);
          notify({ severity: 'Success', title: t('Security.Totp.Enabled') });
        },
      });
    else
      disable.mutate(c, {
        ...done,
        onSuccess: () => {
          setTurningOff(false);
          notify({ severity: 'Success', title: t('Security.Totp.Disabled') });
        },
      });
  };

  const codeForm = (label: string, confirm: string, busy: boolean) => (
    <form onSubmit={submit} noValidate className="mt-4 max-w-sm space-y-3">
      <TextField
        label={label}
        hint={t('Security.Factor.CodeHint')}
        error={error ?? undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" aria-busy={busy || undefined} disabled={busy}>
          {confirm}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setPending(null);
            setTurningOff(false);
            setError(null);
          }}
        >
          {t('Security.StepUp.Cancel')}
        </Button>
      </div>
    </form>
  );

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{t('Security.Totp.Title')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('Security.Totp.Text')}</p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.totp ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100' : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200'}`}
        >
          {status.totp ? t('Security.Totp.On') : t('Security.Totp.Off')}
        </span>
      </div>
      {status.totp ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="recovery-left">
          {t('Security.Recovery.Left', { count: status.recoveryCodesLeft })}
        </p>
      ) : null}
      {pending ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-[auto_1fr]">
          <QrCode value={pending.otpauthUrl} label={t('Security.Totp.QrLabel')} />
          <div className="min-w-0 text-sm">
            <p className="text-slate-700 dark:text-slate-300">{t('Security.Totp.Scan')}</p>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{t('Security.Totp.Manual')}</p>
            <p data-testid="totp-secret" className="mt-1 font-mono break-all">
              {pending.secret}
            </p>
          </div>
          <div className="sm:col-span-2">
            {codeForm(t('Security.Totp.FirstCode'), t('Security.Totp.Enable'), enable.isPending)}
          </div>
        </div>
      ) : turningOff ? (
        codeForm(t('Security.Factor.CodeLabel'), t('Security.Totp.TurnOff'), disable.isPending)
      ) : (
        <div className="mt-4">
          {status.totp ? (
            <Button variant="secondary" onClick={() => setTurningOff(true)}>
              {t('Security.Totp.TurnOff')}
            </Button>
          ) : (
            <Button onClick={start} aria-busy={setup.isPending || undefined} disabled={setup.isPending}>
              {t('Security.Totp.SetUp')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
