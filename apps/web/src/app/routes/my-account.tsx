import { useEffect } from 'react';
import { Button, Card, LinkButton, Page, PageHeader, Spinner } from '../../components/ui';
import { useAccountUser, useAddress, useCountries, useIban } from '../../features/account/api/account-api';
import { AddressSection } from '../../features/account/components/address-section';
import { IbanSection } from '../../features/account/components/iban-section';
import { PersonalInfo } from '../../features/account/components/personal-info';
import { ProfileCard } from '../../features/account/components/profile-card';
import { ReceiptsSection } from '../../features/premium/components/receipts-section';
import { AddressBook } from '../../features/withdrawals/components/address-book';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';

/**
 * /my-account (spec-2 §2): the profile with inline edit, address and IBAN. Four loads; while any
 * runs a loading message shows, and if any fails the page is hidden behind an error (§2, §8). The
 * premium payments (DECISIONS §7) load on their own below.
 */
export default function MyAccountPage() {
  const { t } = useTranslation();
  const user = useAccountUser();
  const address = useAddress();
  const iban = useIban();
  const countries = useCountries();
  const loads = [user, address, iban, countries];
  const failed = loads.some((q) => q.isError);

  useEffect(() => {
    if (failed)
      notify({
        severity: 'Error',
        title: t('MyAccount.Messages.Error'),
        message: t('MyAccount.Messages.LoadError'),
      });
  }, [failed, t]);

  const retry = () => {
    for (const q of loads) if (q.isError) void q.refetch();
  };

  return (
    <Page>
      <PageHeader
        title={t('Pages.MyAccount.Title')}
        description={t('Pages.MyAccount.Description')}
        actions={
          <LinkButton to="/my-account/security" variant="secondary">
            {t('Security.Title')}
          </LinkButton>
        }
      />
      {failed ? (
        <Card className="text-center">
          <p role="alert" className="font-medium text-red-700 dark:text-red-400">
            {t('MyAccount.Messages.LoadError')}
          </p>
          <Button className="mt-4" variant="secondary" onClick={retry}>
            {t('MyAccount.Retry')}
          </Button>
        </Card>
      ) : user.data && address.data !== undefined && iban.data !== undefined && countries.data ? (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-1">
            <ProfileCard user={user.data} premium={user.data.premium} />
          </div>
          <div className="space-y-6 lg:col-span-2">
            <PersonalInfo user={user.data} />
            <AddressSection address={address.data} countries={countries.data} />
            <IbanSection account={iban.data} />
            <AddressBook />
            <ReceiptsSection />
          </div>
        </div>
      ) : (
        <div className="flex items-center justify-center gap-3 py-16 text-slate-600 dark:text-slate-300">
          <Spinner label={t('MyAccount.Loading')} />
          <p aria-hidden="true">{t('MyAccount.Loading')}</p>
        </div>
      )}
    </Page>
  );
}
