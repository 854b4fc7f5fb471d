import { type AdminPendingBankAccount, BankAccountStatus } from '@vaultline/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui';
import { PageHeader } from '../../../components/ui/page';
import { usePendingBankAccounts, useSetBankAccountStatus } from '../../../features/admin/api/bank-accounts';
import {
  ButtonSpinner,
  Detail,
  EmptyBlock,
  ErrorBlock,
  LoadingBlock,
} from '../../../features/admin/components/admin-ui';
import { BankStatusBadge } from '../../../features/admin/components/bank-status-badge';
import { notifyFailure, notifySuccess, withReason } from '../../../features/admin/lib/errors';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** Back office, spec-2 §2 Pending bank accounts: approve or refuse each submitted IBAN. */
export default function AdminBankAccountsPage() {
  const { t } = useTranslation();
  const accounts = usePendingBankAccounts();

  useEffect(() => {
    if (accounts.isError) notifyFailure(t('Admin.Common.Error'), t('Admin.Bank.LoadError'), accounts.error);
  }, [accounts.isError, accounts.error, t]);

  return (
    <>
      <PageHeader
        title={t('Admin.Pages.BankAccounts.Title')}
        description={t('Admin.Pages.BankAccounts.Description')}
      />
      {accounts.isPending ? (
        <LoadingBlock />
      ) : accounts.isError ? (
        <ErrorBlock
          message={withReason(t('Admin.Bank.LoadError'), accounts.error)}
          onRetry={() => void accounts.refetch()}
        />
      ) : accounts.data.length === 0 ? (
        <EmptyBlock>{t('Admin.Bank.Empty')}</EmptyBlock>
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2">
          {accounts.data.map((a) => (
            <PendingBankCard key={a.id} account={a} />
          ))}
        </ul>
      )}
    </>
  );
}

function PendingBankCard({ account: a }: { account: AdminPendingBankAccount }) {
  const { t } = useTranslation();
  const f = useFormat();
  const save = useSetBankAccountStatus();
  const [decided, setDecided] = useState<BankAccountStatus | null>(null);
  const name = `${a.user.firstName} ${a.user.lastName}`.trim() || a.user.email;

  const decide = (status: BankAccountStatus) => {
    setDecided(status);
    save.mutate(
      { bankAccountId: a.id, status },
      {
        onSuccess: () => notifySuccess(t('Admin.Common.Success'), t('Admin.User.BankChanged')),
        onError: (err) => notifyFailure(t('Admin.Common.Error'), t('Admin.User.BankChangeError'), err),
      },
    );
  };

  return (
    <li
      data-testid={`bank-account-${a.id}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link
          to={`/admin/user/${a.userId}`}
          className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
        >
          {name}
        </Link>
        <BankStatusBadge status={a.status} />
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <Detail label={t('Admin.User.Iban')} mono>
          {a.iban}
        </Detail>
        <Detail label={t('Admin.Bank.Created')}>{f.dateTime(a.creationDate)}</Detail>
        <Detail label={t('Admin.Bank.Id')} mono>
          {a.id}
        </Detail>
        <Detail label={t('Admin.User.Email')}>
          <span className="break-all">{a.user.email}</span>
        </Detail>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="success"
          size="sm"
          disabled={save.isPending}
          onClick={() => decide(BankAccountStatus.approved)}
        >
          {save.isPending && decided === BankAccountStatus.approved ? (
            <ButtonSpinner label={t('Admin.Common.Working')} />
          ) : null}
          {t('Admin.Common.Approve')}
        </Button>
        <Button
          variant="danger"
          size="sm"
          disabled={save.isPending}
          onClick={() => decide(BankAccountStatus.refused)}
        >
          {save.isPending && decided === BankAccountStatus.refused ? (
            <ButtonSpinner label={t('Admin.Common.Working')} />
          ) : null}
          {t('Admin.Bank.Refuse')}
        </Button>
      </div>
    </li>
  );
}
