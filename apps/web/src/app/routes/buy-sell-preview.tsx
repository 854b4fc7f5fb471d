import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Page, PageHeader, Spinner } from '../../components/ui';
import { useLock } from '../../features/convert/api/get-lock';
import { LockPreview } from '../../features/convert/components/lock-preview';
import { useLiveSettings } from '../../features/feed';
import { ApiRequestError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';

/** /buy-sell/preview/{id}: the signed-in user's price lock, to set an amount and confirm. */
export default function BuySellPreviewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const lock = useLock(id);
  // A new minimum (or fee) set by an admin reaches this open page without a reload.
  useLiveSettings();

  useEffect(() => {
    if (!lock.isError) return;
    const expired = lock.error instanceof ApiRequestError && lock.error.code === 'LOCK_EXPIRED';
    notify({
      title: t(expired ? 'Exchange.Errors.LockExpired' : 'Exchange.Errors.LoadLock'),
      ...(expired ? {} : { message: lock.error.message }),
      severity: 'Error',
    });
    void navigate('/buy-sell', { replace: true });
  }, [lock.isError, lock.error, navigate, t]);

  return (
    <Page className="max-w-xl">
      <PageHeader title={t('Exchange.Preview.Title')} description={t('Exchange.Preview.Description')} />
      {lock.data ? (
        <LockPreview lock={lock.data} />
      ) : (
        <div className="flex justify-center py-16">
          <Spinner label={t('Exchange.Preview.Loading')} className="[&>span:first-child]:size-8" />
        </div>
      )}
    </Page>
  );
}
