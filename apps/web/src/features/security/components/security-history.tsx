import { Card, Spinner } from '../../../components/ui';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useSecurityEvents } from '../api/security-api';

/** The account's security history (GET User/security-events): factors added and removed, sign-ins. */
export function SecurityHistory() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const events = useSecurityEvents();
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Security.History.Title')}</h2>
      {events.isPending ? (
        <div className="mt-3">
          <Spinner label={t('MyAccount.Loading')} />
        </div>
      ) : events.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {t('Security.History.LoadError')}
        </p>
      ) : events.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t('Security.History.Empty')}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-200 dark:divide-slate-700" data-testid="security-history">
          {events.data.map((e) => {
            const key = `Security.History.Type.${e.type.replace(/\./g, '_')}`;
            return (
              <li key={e.id} className="py-3 text-sm">
                <p className="font-medium">
                  {i18n.exists(key) ? t(key) : e.type}
                  {e.detail ? (
                    <span className="font-normal text-slate-600 dark:text-slate-400"> · {e.detail}</span>
                  ) : null}
                </p>
                <p className="text-slate-600 dark:text-slate-400">
                  <time dateTime={e.at}>{f.dateTime(e.at)}</time>
                  {e.ip ? ` · ${e.ip}` : ''}
                </p>
                {e.userAgent ? (
                  <p className="break-all text-slate-600 dark:text-slate-400">{e.userAgent}</p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
