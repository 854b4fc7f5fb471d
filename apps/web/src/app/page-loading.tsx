import { Spinner } from '../components/ui/spinner';
import { useTranslation } from '../lib/i18n';

/** The spinner shown while a page's code is still loading. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={t('Common.Loading')} />
    </div>
  );
}
