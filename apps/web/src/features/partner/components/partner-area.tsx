import type { PartnerAccount } from '@vaultline/shared';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { isNotPartner, usePartnerAccount } from '../api/partner-account';
import { withReason } from '../lib/notify';
import type { WidgetOptions } from '../lib/snippet';
import { KeysSection } from './keys-section';
import { OverviewSection } from './overview-section';
import { PartnerTabs, type Tab } from './partner-tabs';
import { LoadError, Loading } from './ui';
import { WebhooksSection } from './webhooks-section';
import { WidgetSection } from './widget-section';

const TABS = ['overview', 'keys', 'webhooks', 'widget'] as const;
type TabKey = (typeof TABS)[number];
const isTab = (v: string | null): v is TabKey => TABS.includes(v as TabKey);

/**
 * The partner area (DECISIONS §11): overview (commission and earnings), API keys, webhooks and the
 * widget, as tabs kept in the address (?tab=), so a reload or a shared link opens the same one.
 */
export function PartnerArea({ buildSnippet }: { buildSnippet?: (o: WidgetOptions) => string }) {
  const { t } = useTranslation();
  const account = usePartnerAccount();

  if (account.isPending) return <Loading />;
  if (account.isError) {
    if (isNotPartner(account.error)) return <NotPartner />;
    return (
      <LoadError
        message={withReason(t('Partner.LoadError'), account.error)}
        onRetry={() => void account.refetch()}
      />
    );
  }
  return <PartnerTabsView account={account.data} buildSnippet={buildSnippet} />;
}

function PartnerTabsView({
  account,
  buildSnippet,
}: {
  account: PartnerAccount;
  buildSnippet: ((o: WidgetOptions) => string) | undefined;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TabKey = isTab(raw) ? raw : 'overview';
  const tabs: Tab<TabKey>[] = [
    {
      key: 'overview',
      label: t('Partner.Tabs.Overview'),
      panel: () => <OverviewSection account={account} />,
    },
    { key: 'keys', label: t('Partner.Tabs.Keys'), panel: () => <KeysSection /> },
    { key: 'webhooks', label: t('Partner.Tabs.Webhooks'), panel: () => <WebhooksSection /> },
    {
      key: 'widget',
      label: t('Partner.Tabs.Widget'),
      panel: () => <WidgetSection partnerId={account.userId} {...(buildSnippet ? { buildSnippet } : {})} />,
    },
  ];
  return (
    <>
      <p className="mb-6 text-sm text-slate-700 dark:text-slate-300" data-testid="api-docs-line">
        {t('Partner.ApiHow')}{' '}
        <a href="/api/docs" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {t('Partner.ApiDocs')}
        </a>
        .
      </p>
      <PartnerTabs
        label={t('Partner.Tabs.Label')}
        tabs={tabs}
        value={tab}
        onChange={(k) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              if (k === 'overview') next.delete('tab');
              else next.set('tab', k);
              return next;
            },
            { replace: true },
          )
        }
      />
    </>
  );
}

/** A signed-in account that is not a partner: what the area is and how to become one. */
function NotPartner() {
  const { t } = useTranslation();
  return (
    <section
      data-testid="not-partner"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('Partner.NotPartner.Title')}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">{t('Partner.NotPartner.Text')}</p>
      <p className="mt-4">
        <Link to="/contact" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {t('Partner.NotPartner.Contact')}
        </Link>
      </p>
    </section>
  );
}
