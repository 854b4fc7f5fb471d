import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page';
import { UserSearch } from '../../../features/admin/components/user-search';
import { useTranslation } from '../../../lib/i18n';

/** Back office, spec-2 §2 Search user; the last search is kept in ?q= for Back. */
export default function AdminSearchUserPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const onSearch = useCallback((q: string) => setParams(q ? { q } : {}, { replace: true }), [setParams]);
  return (
    <>
      <PageHeader
        title={t('Admin.Pages.SearchUser.Title')}
        description={t('Admin.Pages.SearchUser.Description')}
      />
      <UserSearch initial={params.get('q') ?? ''} onSearch={onSearch} />
    </>
  );
}
