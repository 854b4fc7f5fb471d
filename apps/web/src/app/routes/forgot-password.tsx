import { Link } from 'react-router';
import { AuthCard, linkClass } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useTranslation } from '../../lib/i18n';

/** spec-1 §2 forgotPassword (visitors only): asks for a reset link by e-mail. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard
      title={t('Auth.ForgotPassword.Title')}
      intro={t('Auth.ForgotPassword.Intro')}
      footer={
        <Link to="/login" className={linkClass}>
          {t('Auth.ForgotPassword.BackToLogin')}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
