import { useEffect } from 'react';
import { PageHeader } from '../../../components/ui/page';
import { useAdminStats } from '../../../features/admin/api/stats';
import { ErrorBlock, LoadingBlock } from '../../../features/admin/components/admin-ui';
import { StatTile } from '../../../features/admin/components/stat-tile';
import { notifyFailure } from '../../../features/admin/lib/errors';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

/** Back office home, spec-2 §2: a welcome with the admin's name, then users and traded volume. */
export default function AdminStatsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { user } = useSession();
  const stats = useAdminStats();
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  useEffect(() => {
    if (stats.isError) notifyFailure(t('Admin.Stats.LoadErrorTitle'), t('Admin.Stats.LoadError'));
  }, [stats.isError, t]);

  const usd = (v: string) => f.money(v, 'USD');
  const s = stats.data;
  return (
    <>
      <PageHeader
        title={name ? t('Admin.Stats.Welcome', { name }) : t('Admin.Stats.WelcomeAnonymous')}
        description={t('Admin.Pages.Stats.Description')}
      />
      {stats.isPending ? (
        <LoadingBlock />
      ) : stats.isError || !s ? (
        <ErrorBlock message={t('Admin.Stats.LoadError')} onRetry={() => void stats.refetch()} />
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="admin-stats-users">
            <h2 id="admin-stats-users" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
              {t('Admin.Stats.Users')}
            </h2>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <StatTile
                testId="stat-total-users"
                label={t('Admin.Stats.TotalUsers')}
                value={f.number(s.totalUsers)}
              />
              <StatTile label={t('Admin.Stats.NewUsers24h')} value={f.number(s.newUsers24h)} />
              <StatTile label={t('Admin.Stats.NewUsers7d')} value={f.number(s.newUsers7d)} />
              <StatTile label={t('Admin.Stats.NewUsers30d')} value={f.number(s.newUsers30d)} />
            </dl>
          </section>
          <section aria-labelledby="admin-stats-traded">
            <h2 id="admin-stats-traded" className="mb-1 text-lg font-semibold text-slate-900 dark:text-white">
              {t('Admin.Stats.Traded')}
            </h2>
            <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('Admin.Stats.TradedHint')}</p>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <StatTile
                testId="stat-traded-total"
                label={t('Admin.Stats.TotalTraded')}
                value={usd(s.totalTradedAmount)}
              />
              <StatTile label={t('Admin.Stats.Traded24h')} value={usd(s.tradedAmount24h)} />
              <StatTile label={t('Admin.Stats.Traded7d')} value={usd(s.tradedAmount7d)} />
              <StatTile label={t('Admin.Stats.Traded30d')} value={usd(s.tradedAmount30d)} />
            </dl>
          </section>
        </div>
      )}
    </>
  );
}
