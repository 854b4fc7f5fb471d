import type { AuthResponse } from '@vaultline/shared';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { endSession } from '../../features/auth/session-actions';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { session, useSession } from '../../lib/session';

/**
 * spec-1 §2 changePassword (open to all). With ?token (and ?email) from the reset e-mail: a reset,
 * then to /login. Signed in without a token: the current password is asked; the server revokes every
 * earlier session and answers a fresh token, which keeps this device signed in.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { authenticated, user } = useSession();
  const token = params.get('token') || null;
  const done = useRef(false);
  const missingToken = !token && !authenticated && !done.current;

  useEffect(() => {
    if (!missingToken) return;
    notify({
      severity: 'Error',
      title: t('Auth.ChangePassword.MissingTokenTitle'),
      message: t('Auth.ChangePassword.MissingTokenMessage'),
      closeAfter: 10_000,
    });
    void navigate('/home', { replace: true });
  }, [missingToken, navigate, t]);

  if (missingToken) return null;

  const onChanged = async (result: AuthResponse | null) => {
    done.current = true;
    if (result) {
      session.setToken(result.jwToken);
      await navigate('/my-account', { replace: true });
      return;
    }
    // A reset revokes every session of the account, this one included.
    if (authenticated) endSession();
    await navigate('/login', { replace: true });
  };

  return (
    <AuthCard
      title={t('Auth.ChangePassword.Title')}
      intro={t(token ? 'Auth.ChangePassword.IntroReset' : 'Auth.ChangePassword.IntroSignedIn')}
    >
      <ChangePasswordForm
        token={token}
        email={token && authenticated ? (user?.email ?? null) : null}
        defaultEmail={params.get('email')}
        onChanged={onChanged}
      />
    </AuthCard>
  );
}
