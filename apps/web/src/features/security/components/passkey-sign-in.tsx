import { useState } from 'react';
import { Button } from '../../../components/ui';
import { ApiRequestError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { signInWithPasskey } from '../api/security-api';
import { passkeyCancelled, passkeyLogin, passkeysSupported } from '../lib/passkey';

/** "Sign in with a passkey" on the login page: no e-mail, no password (POST Auth/passkey). */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;

  const signIn = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { challengeId, response } = await passkeyLogin();
      const { jwToken } = await signInWithPasskey(challengeId, response);
      notify({
        severity: 'Success',
        title: t('Auth.Login.SuccessTitle'),
        message: t('Auth.Login.SuccessMessage'),
      });
      onSignedIn(jwToken);
    } catch (err) {
      if (!passkeyCancelled(err))
        notify({
          severity: 'Error',
          title: t('Auth.Login.ErrorTitle'),
          message:
            err instanceof ApiRequestError && err.status < 500 && err.code !== 'VALIDATION'
              ? err.message
              : t('Security.SignIn.PasskeyFailed'),
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-5 space-y-3">
      <p className="flex items-center gap-3 text-sm text-slate-600 before:h-px before:flex-1 before:bg-slate-300 after:h-px after:flex-1 after:bg-slate-300 dark:text-slate-400 dark:before:bg-slate-700 dark:after:bg-slate-700">
        {t('Security.Factor.Or')}
      </p>
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        aria-busy={busy || undefined}
        onClick={() => void signIn()}
      >
        {t('Security.SignIn.WithPasskey')}
      </Button>
    </div>
  );
}
