import { useState } from 'react';
import { Button } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useResetTwoFactor } from '../api/users';
import { notifySuccess, withReason } from '../lib/errors';
import { DecisionDialog } from './decision-dialog';

/** The back office's reset of a user's second factors (issue 30 point 6), after a confirmation. */
export function ResetTwoFactor({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const reset = useResetTwoFactor();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('Security.AdminReset.Button')}
      </Button>
      <DecisionDialog
        open={open}
        title={t('Security.AdminReset.Title', { name })}
        summary={t('Security.AdminReset.Text', { name })}
        confirmLabel={t('Security.AdminReset.Confirm')}
        confirmVariant="danger"
        busy={reset.isPending}
        error={reset.isError ? withReason(t('Security.AdminReset.Failed'), reset.error) : null}
        onConfirm={() =>
          reset.mutate(userId, {
            onSuccess: (r) => {
              setOpen(false);
              notifySuccess(
                t('Admin.Common.Success'),
                r.withdrawalsLockedUntil
                  ? t('Security.AdminReset.DoneUntil', { date: f.dateTime(r.withdrawalsLockedUntil) })
                  : t('Security.AdminReset.Done'),
              );
            },
          })
        }
        onClose={() => {
          setOpen(false);
          reset.reset();
        }}
      />
    </>
  );
}
