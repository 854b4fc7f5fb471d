import type { User } from '@vaultline/shared';
import { Link } from 'react-router';
import { Card } from '../../../components/ui';
import { formatLongDate } from '../../../lib/date-input';
import { useTranslation } from '../../../lib/i18n';
import { StaticRow } from './editable-row';
import { BirthDayRow, EmailRow, NameRow, PhoneRow } from './profile-rows';

/** The profile's fields with inline edit (spec-2 §2), the joined date and the password link. */
export function PersonalInfo({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('MyAccount.Personal.Title')}</h2>
      <dl className="mt-2">
        <NameRow user={user} />
        <PhoneRow user={user} />
        <EmailRow user={user} />
        <BirthDayRow user={user} />
        <StaticRow label={t('MyAccount.Joined')}>
          {formatLongDate(user.creationDate, i18n.language)}
        </StaticRow>
        <StaticRow label={t('MyAccount.Password')}>
          <Link
            to="/changePassword"
            className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
          >
            {t('MyAccount.ChangePassword')}
          </Link>
        </StaticRow>
      </dl>
    </Card>
  );
}
