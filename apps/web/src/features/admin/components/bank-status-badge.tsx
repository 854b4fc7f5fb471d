import { BankAccountStatus } from '@vaultline/shared';
import { useTranslation } from '../../../lib/i18n';
import { Badge, type Tone } from './admin-ui';

const VIEW: Record<number, { key: string; tone: Tone }> = {
  [BankAccountStatus.approved]: { key: 'Approved', tone: 'success' },
  [BankAccountStatus.refused]: { key: 'Refused', tone: 'danger' },
  [BankAccountStatus.notProcessed]: { key: 'NotProcessed', tone: 'neutral' },
};

/** The name of a bank account status, under Admin.Bank.Status. */
export const bankStatusKey = (status: number): string => VIEW[status]?.key ?? 'NotProcessed';

/** spec-2 §4 bank account badge: approved green, refused red, not processed grey. */
export function BankStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const view = VIEW[status] ?? { key: 'NotProcessed', tone: 'neutral' as const };
  return (
    <Badge tone={view.tone} testId="bank-status">
      {t(`Admin.Bank.Status.${view.key}`)}
    </Badge>
  );
}

/** spec-2 §4: approved goes to refused; not processed or refused goes to approved. */
export const nextBankStatus = (status: number): BankAccountStatus =>
  status === BankAccountStatus.approved ? BankAccountStatus.refused : BankAccountStatus.approved;
