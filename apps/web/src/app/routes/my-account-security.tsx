import { Link } from 'react-router';
import { Button, Card, Page, PageHeader, Spinner } from '../../components/ui';
import { linkClass } from '../../features/auth/components/auth-card';
import { useTwoFactor } from '../../features/security/api/security-api';
import { AuthenticatorCard } from '../../features/security/components/authenticator-card';
import { PasskeysCard } from '../../features/security/components/passkeys-card';
import { SecurityHistory } from '../../features/security/components/security-history';
import { useTranslation } from '../../lib/i18n';

/** /my-account/security (issue 30): the second factors of the account and its security history. */
export default function MyAccountSecurityPage() {
  const { t } = useTranslation();
  const status = useTwoFactor();
  return (
    <Page>
      <p className="mb-2 text-sm">
        <Link to="/my-account" className={linkClass}>
          {t('Security.BackToAccount')}
        </Link>
      </p>
      <PageHeader title={t('Security.Title')} description={t('Security.Description')} />
      {status.isError ? (
        <Card className="text-center">
          <p role="alert" className="font-medium text-red-700 dark:text-red-400">
            {t('Security.LoadError')}
          </p>
          <Button className="mt-4" variant="secondary" onClick={() => void status.refetch()}>
            {t('MyAccount.Retry')}
          </Button>
        </Card>
      ) : status.data ? (
        <div className="space-y-6">
          {!status.data.totp && status.data.passkeys.length === 0 ? (
            <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
              {t('Security.NoFactor')}
            </p>
          ) : null}
          <AuthenticatorCard status={status.data} />
          <PasskeysCard passkeys={status.data.passkeys} />
          <SecurityHistory />
        </div>
      ) : (
        <div className="flex justify-center py-16">
          <Spinner label={t('MyAccount.Loading')} />
        </div>
      )}
    </Page>
  );
}
