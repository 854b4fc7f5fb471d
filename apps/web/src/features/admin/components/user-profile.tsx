import type { AdminUser } from '@vaultline/shared';
import { Card } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { Detail } from './admin-ui';

/** The country's name in the UI language, from its ISO 3166-1 code (the code itself if unknown). */
function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A calendar date (YYYY-MM-DD) as a local date, so no time zone moves it to the day before. */
function calendarDate(value: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : value;
}

/** spec-2 §2 user detail: phone, e-mail, birth date (long), joined date, then the address. */
export function UserProfile({ user: u }: { user: AdminUser }) {
  const { t } = useTranslation();
  const f = useFormat();
  const muted = (text: string) => <span className="text-slate-500 italic dark:text-slate-400">{text}</span>;
  return (
    <>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t('Admin.User.Profile')}</h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail label={t('Admin.User.Phone')}>{u.phoneNumber || muted(t('Admin.User.NoPhone'))}</Detail>
          <Detail label={t('Admin.User.Email')}>
            {u.email ? <span className="break-all">{u.email}</span> : muted(t('Admin.User.NoEmail'))}
          </Detail>
          <Detail label={t('Admin.User.BirthDate')}>
            {u.birthDay ? f.date(calendarDate(u.birthDay), 'long') : muted(t('Admin.User.NoBirthDate'))}
          </Detail>
          <Detail label={t('Admin.User.Joined')}>{f.date(u.creationDate, 'long')}</Detail>
          <Detail label={t('Admin.User.Id')} mono>
            {u.id}
          </Detail>
        </dl>
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t('Admin.User.Address')}</h2>
        {u.address ? (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label={t('Admin.User.Street')}>{u.address.street}</Detail>
            <Detail label={t('Admin.User.City')}>{u.address.city}</Detail>
            <Detail label={t('Admin.User.PostalCode')}>{u.address.postalCode}</Detail>
            <Detail label={t('Admin.User.Country')}>
              {countryName(u.address.country.iso31661Alpha2Code, f.lang)}
            </Detail>
          </dl>
        ) : (
          <p className="text-slate-600 dark:text-slate-300">{t('Admin.User.NoAddress')}</p>
        )}
      </Card>
    </>
  );
}
