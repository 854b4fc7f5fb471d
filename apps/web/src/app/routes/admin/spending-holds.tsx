import type { SpendingHold } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/ui/page';
import { useClearSpendingHold, useSpendingHolds } from '../../../features/admin/api/spending-holds';
import {
  EmptyBlock,
  ErrorBlock,
  FilterButtons,
  LoadingBlock,
} from '../../../features/admin/components/admin-ui';
import { DecisionDialog } from '../../../features/admin/components/decision-dialog';
import { SpendingHoldCard } from '../../../features/admin/components/spending-hold-card';
import { notifyFailure, notifySuccess, withReason } from '../../../features/admin/lib/errors';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

type View = 'open' | 'all';

/**
 * Back office: spending holds (decision 0038). A card payment taken back outside the app (a
 * chargeback, a refund made at the gateway) after the money was spent leaves a debt that blocks
 * every debit of the user; an admin clears it here, with a note, once it is settled or written off.
 */
export default function AdminSpendingHoldsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const [view, setView] = useState<View>('open');
  const holds = useSpendingHolds(view === 'open');
  const clear = useClearSpendingHold();
  const [clearing, setClearing] = useState<SpendingHold | null>(null);
  const close = () => {
    clear.reset();
    setClearing(null);
  };

  useEffect(() => {
    if (holds.isError)
      notifyFailure(t('Admin.Common.Error'), t('Admin.SpendingHolds.LoadError'), holds.error);
  }, [holds.isError, holds.error, t]);

  return (
    <>
      <PageHeader
        title={t('Admin.Pages.SpendingHolds.Title')}
        description={t('Admin.Pages.SpendingHolds.Description')}
      />
      <div className="mb-4">
        <FilterButtons
          label={t('Admin.SpendingHolds.Filter')}
          value={view}
          onChange={setView}
          options={[
            { value: 'open', label: t('Admin.SpendingHolds.OpenOnly') },
            { value: 'all', label: t('Admin.SpendingHolds.All') },
          ]}
        />
      </div>
      {holds.isPending ? (
        <LoadingBlock />
      ) : holds.isError && !holds.data ? (
        <ErrorBlock
          message={withReason(t('Admin.SpendingHolds.LoadError'), holds.error)}
          onRetry={() => void holds.refetch()}
        />
      ) : holds.data.length === 0 ? (
        <EmptyBlock>
          {t(view === 'open' ? 'Admin.SpendingHolds.EmptyOpen' : 'Admin.SpendingHolds.Empty')}
        </EmptyBlock>
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2">
          {holds.data.map((h) => (
            <SpendingHoldCard key={h.id} hold={h} onClear={setClearing} />
          ))}
        </ul>
      )}
      <DecisionDialog
        open={clearing !== null}
        title={t('Admin.SpendingHolds.ClearTitle')}
        summary={
          clearing
            ? t('Admin.SpendingHolds.ClearSummary', {
                amount: f.money(clearing.amount, clearing.ticker),
                name: `${clearing.user.firstName} ${clearing.user.lastName}`.trim() || clearing.user.email,
              })
            : null
        }
        notes={{
          label: t('Admin.SpendingHolds.Note'),
          required: true,
          requiredMessage: t('Admin.SpendingHolds.NoteRequired'),
          max: 500,
        }}
        confirmLabel={t('Admin.SpendingHolds.Clear')}
        busy={clear.isPending}
        error={clear.isError ? withReason(t('Admin.SpendingHolds.ClearError'), clear.error) : null}
        onConfirm={({ notes }) => {
          if (!clearing) return;
          clear.mutate(
            { id: clearing.id, note: notes },
            {
              onSuccess: () => {
                notifySuccess(t('Admin.Common.Success'), t('Admin.SpendingHolds.ClearedToast'));
                close();
              },
            },
          );
        }}
        onClose={close}
      />
    </>
  );
}
