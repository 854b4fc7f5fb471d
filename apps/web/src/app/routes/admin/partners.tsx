import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui';
import { PageHeader } from '../../../components/ui/page';
import { type AdminPartner, useAdminPartners } from '../../../features/admin/api/partners';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../features/admin/components/admin-ui';
import { PartnersDialog } from '../../../features/admin/components/partners-dialog';
import { PartnersTable } from '../../../features/admin/components/partners-table';
import { notifyFailure, withReason } from '../../../features/admin/lib/errors';
import { useTranslation } from '../../../lib/i18n';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Back office: the partners (DECISIONS §11) with volume and earnings; makes an account a partner (by
 * e-mail or id, or from a user's page: ?add=<userId>) and changes a partner's maximum commission.
 */
export default function AdminPartnersPage() {
  const { t } = useTranslation();
  const partners = useAdminPartners();
  const [params, setParams] = useSearchParams();
  const addFor = params.get('add');
  const [adding, setAdding] = useState(() => addFor !== null);
  const [changing, setChanging] = useState<AdminPartner | null>(null);

  useEffect(() => {
    if (partners.isError)
      notifyFailure(t('Admin.Common.Error'), t('Partner.Admin.LoadError'), partners.error);
  }, [partners.isError, partners.error, t]);

  return (
    <>
      <PageHeader
        title={t('Partner.Admin.Title')}
        description={t('Partner.Admin.Description')}
        actions={<Button onClick={() => setAdding(true)}>{t('Partner.Admin.Add')}</Button>}
      />
      {partners.isPending ? (
        <LoadingBlock />
      ) : partners.isError ? (
        <ErrorBlock
          message={withReason(t('Partner.Admin.LoadError'), partners.error)}
          onRetry={() => void partners.refetch()}
        />
      ) : partners.data.length === 0 ? (
        <EmptyBlock>{t('Partner.Admin.Empty')}</EmptyBlock>
      ) : (
        <PartnersTable partners={partners.data} onChange={setChanging} />
      )}
      <PartnersDialog
        open={adding || changing !== null}
        fixed={changing}
        initialWho={!changing && addFor && UUID.test(addFor) ? addFor : null}
        onClose={() => {
          setAdding(false);
          setChanging(null);
          if (addFor !== null)
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.delete('add');
                return next;
              },
              { replace: true },
            );
        }}
      />
    </>
  );
}
