import { Link, useLocation } from 'react-router';
import { AuthCard, linkClass } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { returnPath } from '../../features/auth/return-path';
import { startSession } from '../../features/auth/session-actions';
import { useTranslation } from '../../lib/i18n';
import { setAfterSignIn } from '../guards';

/** spec-1 §2 login (visitors only): on success to /home, or back to where a guard sent the user. */
export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const target = returnPath(location.state) ?? '/home';
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
      <LoginForm
        onSignedIn={(token) => {
          // VisitorOnly redirects as soon as the token is stored; tell it where to.
          setAfterSignIn(target);
          void startSession(token);
        }}
      />
      <p className="mt-5 text-center text-sm">
        <Link to="/forgotPassword" className={linkClass}>
          {t('Auth.Login.ForgotPassword')}
        </Link>
      </p>
    </AuthCard>
  );
}
