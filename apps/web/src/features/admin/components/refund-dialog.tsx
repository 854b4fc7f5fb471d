import type { AdminDeposit, AdminPremiumPayment } from '@vaultline/shared';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useRefundDeposit } from '../api/deposits';
import { useRefundPremiumPayment } from '../api/premium-payments';
import { notifySuccess, withReason } from '../lib/errors';
import { DecisionDialog } from './decision-dialog';

const nameOf = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/**
 * "Refund this card deposit?" (DECISIONS §7): the money goes back to the card and leaves the
 * wallet. A spinner on the button while the gateway refunds; the server's reason stays in the
 * dialog when it refuses (the money was already spent...), to close it or try again.
 */
export function RefundDepositDialog({
  deposit,
  onClose,
}: {
  deposit: AdminDeposit | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const refund = useRefundDeposit();
  const close = () => {
    refund.reset();
    onClose();
  };
  return (
    <DecisionDialog
      open={deposit !== null}
      title={t('Admin.Deposits.RefundTitle')}
      summary={
        deposit
          ? t('Admin.Deposits.RefundSummary', {
              amount: f.amount(deposit.amount),
              ticker: deposit.wallet.ticker,
              name: nameOf(deposit.user),
            })
          : null
      }
      confirmLabel={t('Admin.Refund.Confirm')}
      confirmVariant="danger"
      busy={refund.isPending}
      error={refund.isError ? withReason(t('Admin.Deposits.RefundError'), refund.error) : null}
      onConfirm={() => {
        if (!deposit) return;
        refund.mutate(deposit.id, {
          onSuccess: () => {
            notifySuccess(t('Admin.Common.Success'), t('Admin.Deposits.Refunded'));
            close();
          },
        });
      }}
      onClose={close}
    />
  );
}

/** "Refund this premium payment?": back to the card; the server ends that premium. */
export function RefundPremiumDialog({
  payment,
  onClose,
}: {
  payment: AdminPremiumPayment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const refund = useRefundPremiumPayment();
  const close = () => {
    refund.reset();
    onClose();
  };
  return (
    <DecisionDialog
      open={payment !== null}
      title={t('Admin.PremiumPayments.RefundTitle')}
      summary={
        payment
          ? t('Admin.PremiumPayments.RefundSummary', {
              amount: f.money(payment.amount, payment.currency),
              name: nameOf(payment.user),
              date: f.date(payment.paidAt, 'long'),
            })
          : null
      }
      confirmLabel={t('Admin.Refund.Confirm')}
      confirmVariant="danger"
      busy={refund.isPending}
      error={refund.isError ? withReason(t('Admin.PremiumPayments.RefundError'), refund.error) : null}
      onConfirm={() => {
        if (!payment) return;
        refund.mutate(payment.id, {
          onSuccess: () => {
            notifySuccess(t('Admin.Common.Success'), t('Admin.PremiumPayments.Refunded'));
            close();
          },
        });
      }}
      onClose={close}
    />
  );
}
