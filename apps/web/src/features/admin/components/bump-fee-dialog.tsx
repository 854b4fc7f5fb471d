import type { AdminPayout } from '@vaultline/shared';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { DecisionDialog } from './decision-dialog';

/**
 * The admin's fee bump of a BTC/LTC payout sent and not mined (RBF): asks for the new rate in sat/vB;
 * the server checks it and refuses one the change cannot pay.
 */
export function BumpFeeDialog({
  payout,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  payout: AdminPayout | null;
  busy: boolean;
  error: string | null;
  onConfirm: (feeRate: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <DecisionDialog
      open={payout !== null}
      title={t('Admin.Networks.BumpTitle')}
      summary={
        payout
          ? t('Admin.Networks.BumpSummary', {
              amount: f.amount(payout.amount),
              ticker: payout.ticker,
              address: payout.toAddress,
            })
          : null
      }
      confirmLabel={t('Admin.Networks.Bump')}
      fields={[
        {
          name: 'feeRate',
          label: t('Admin.Networks.BumpRate'),
          hint: t('Admin.Networks.BumpRateHint'),
          inputMode: 'decimal',
        },
      ]}
      busy={busy}
      error={error}
      onConfirm={(input) => onConfirm(input.values.feeRate ?? '')}
      onClose={onClose}
    />
  );
}
