import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthCard, linkClass } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { returnPath } from '../../features/auth/return-path';
import { startSession } from '../../features/auth/session-actions';
import type { TwoFactorChallenge } from '../../features/security/api/security-types';
import { PasskeySignIn } from '../../features/security/components/passkey-sign-in';
import { SecondStep } from '../../features/security/components/second-step';
import { useTranslation } from '../../lib/i18n';
import { setAfterSignIn } from '../guards';

/**
 * spec-1 §2 login (visitors only): on success to /home, or back to where a guard sent the user. An
 * account with a second factor goes through a second step (issue 30); a passkey signs in alone.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const target = returnPath(location.state) ?? '/home';
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const signedIn = (token: string) => {
    // VisitorOnly redirects as soon as the token is stored; tell it where to.
    setAfterSignIn(target);
    void startSession(token);
  };

  if (challenge)
    return (
      <AuthCard title={t('Security.SignIn.SecondStepTitle')}>
        <SecondStep challenge={challenge} onSignedIn={signedIn} onBack={() => setChallenge(null)} />
      </AuthCard>
    );

  return (
    <AuthCard
      title={t('Auth.Login.Title')}
      intro={t('Auth.Login.Intro')}
      footer={
        <>
          {t('Auth.Login.NoAccount')}{' '}
          <Link to="/signup" className={linkClass}>
            {t('Auth.Login.SignupLink')}
          </Link>
        </>
      }
    >
      <LoginForm onSignedIn={signedIn} onSecondStep={setChallenge} />
      <PasskeySignIn onSignedIn={signedIn} />
      <p className="mt-5 text-center text-sm">
        <Link to="/forgotPassword" className={linkClass}>
          {t('Auth.Login.ForgotPassword')}
        </Link>
      </p>
    </AuthCard>
  );
}
