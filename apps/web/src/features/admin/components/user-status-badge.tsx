import { UserStatus } from '@vaultline/shared';
import { useTranslation } from '../../../lib/i18n';
import { Badge } from './admin-ui';

/** spec-2 §2: green when the account is active (1), otherwise red. */
export function UserStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const active = status === UserStatus.active;
  return (
    <Badge tone={active ? 'success' : 'danger'} testId="user-status">
      {t(active ? 'Admin.User.Active' : 'Admin.User.Inactive')}
    </Badge>
  );
}
