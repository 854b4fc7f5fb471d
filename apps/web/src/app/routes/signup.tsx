import { Link } from 'react-router';
import { AuthCard, linkClass } from '../../features/auth/components/auth-card';
import { SignupForm } from '../../features/auth/components/signup-form';
import { startSession } from '../../features/auth/session-actions';
import { useTranslation } from '../../lib/i18n';
import { setAfterSignIn } from '../guards';

/** spec-1 §2 signup (visitors only): on success the user is signed in and goes to /my-account. */
export default function SignupPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('Auth.Signup.Title')}
      intro={t('Auth.Signup.Intro')}
      footer={
        <>
          {t('Auth.Signup.HaveAccount')}{' '}
          <Link to="/login" className={linkClass}>
            {t('Auth.Signup.LoginLink')}
          </Link>
        </>
      }
    >
      <SignupForm
        onSignedUp={(token) => {
          setAfterSignIn('/my-account');
          void startSession(token);
        }}
      />
    </AuthCard>
  );
}
