import { type AdminUser, BankAccountStatus } from '@vaultline/shared';
import { Button, Card } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useSetBankAccountStatus } from '../api/bank-accounts';
import { notifyFailure, notifySuccess } from '../lib/errors';
import { ButtonSpinner, Detail } from './admin-ui';
import { BankStatusBadge, nextBankStatus } from './bank-status-badge';

/** spec-2 §2 user detail, bank account: IBAN (or none), its status and a toggle of the approval. */
export function UserBankAccount({ user, onChanged }: { user: AdminUser; onChanged: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const save = useSetBankAccountStatus();
  const bank = user.bankAccount;

  const toggle = () => {
    if (!bank) return;
    save.mutate(
      { bankAccountId: bank.id, status: nextBankStatus(bank.status) },
      {
        onSuccess: () => {
          notifySuccess(t('Admin.Common.Success'), t('Admin.User.BankChanged'));
          onChanged();
        },
        onError: (err) => notifyFailure(t('Admin.Common.Error'), t('Admin.User.BankChangeError'), err),
      },
    );
  };

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('Admin.User.BankAccount')}</h2>
        {bank ? <BankStatusBadge status={bank.status} /> : null}
      </div>
      {bank ? (
        <>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label={t('Admin.User.Iban')} mono>
              {bank.iban}
            </Detail>
            <Detail label={t('Admin.User.BankSubmitted')}>{f.dateTime(bank.creationDate)}</Detail>
          </dl>
          <Button
            className="mt-4"
            size="sm"
            variant={bank.status === BankAccountStatus.approved ? 'danger' : 'success'}
            onClick={toggle}
            disabled={save.isPending}
          >
            {save.isPending ? <ButtonSpinner label={t('Admin.Common.Working')} /> : null}
            {t(
              bank.status === BankAccountStatus.approved ? 'Admin.User.RefuseBank' : 'Admin.User.ApproveBank',
            )}
          </Button>
        </>
      ) : (
        <p className="text-slate-600 dark:text-slate-300">{t('Admin.User.NoIban')}</p>
      )}
    </Card>
  );
}
