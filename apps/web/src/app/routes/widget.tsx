import type { Wallet } from '@vaultline/shared';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '../../components/ui';
import { ExchangeWidget } from '../../features/convert/components/exchange-widget';
import { ManualDepositForm } from '../../features/exchange/components/manual-deposit-form';
import { ManualDepositSubmitted } from '../../features/exchange/components/manual-deposit-submitted';
import { cryptoOnly, useWalletsList } from '../../features/wallets/api/get-wallets-list';
import { useWidgetCommission } from '../../features/widget/api/get-widget-partner';
import { usePostHeight, useWidgetTheme } from '../../features/widget/lib/widget-frame';
import { parseWidgetParams } from '../../features/widget/lib/widget-params';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';

/** The created exchange rides in the URL, as on the manual deposit page, so a reload shows it again. */
const EXCHANGE_PARAM = 'exchange';

interface Choice {
  source: Wallet;
  destination: Wallet;
  amount: string;
}

/**
 * /widget?partner&from&to&theme: the guest exchange flow in a compact frame for partners' pages
 * (form -> details and deposit address -> live status), embedded by public/widget.js. It never
 * leaves this route: a framed page of any other path is refused by the browser (decision 0036).
 * The exchange id is kept in the URL (this frame's memory) and in browser storage as on the site;
 * where a third-party frame's storage is blocked, the storage helpers ignore it and the flow goes on.
 */
export default function WidgetPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = parseWidgetParams(search);
  const root = useRef<HTMLDivElement>(null);
  useWidgetTheme(params.theme);
  usePostHeight(root);
  const list = useWalletsList(false);
  // The estimate takes the partner's commission off, as createExchange will.
  const commission = useWidgetCommission(params.partnerId);
  const [choice, setChoice] = useState<Choice | null>(null);
  const exchangeId = search.get(EXCHANGE_PARAM);

  const setExchange = (id: string | null) =>
    setSearch(
      (p) => {
        if (id) p.set(EXCHANGE_PARAM, id);
        else p.delete(EXCHANGE_PARAM);
        return p;
      },
      { replace: true },
    );

  // As the manual deposit page checks before its form: a source we cannot receive is said at once.
  const onGuestSubmit = (c: Choice) => {
    if (!c.source.isAddressConfigured || (!c.source.adminWalletAddress && !c.source.network)) {
      notify({
        title: t('ManualDeposit.Errors.AddressNotConfiguredTitle'),
        message: t('ManualDeposit.Errors.AddressNotConfigured', { ticker: c.source.ticker }),
        severity: 'Error',
      });
      return;
    }
    setChoice(c);
  };

  return (
    <div ref={root} className="mx-auto max-w-xl p-2 sm:p-3" data-testid="widget-root">
      {exchangeId ? (
        <ManualDepositSubmitted
          exchangeId={exchangeId}
          embed={{
            onRestart: () => {
              setChoice(null);
              setExchange(null);
            },
          }}
        />
      ) : choice ? (
        <Card className="p-4 sm:p-5">
          <h1 className="mb-4 text-xl font-bold text-slate-900 dark:text-white">
            {t('EmbedWidget.Details')}
          </h1>
          <ManualDepositForm
            source={choice.source}
            destination={choice.destination}
            amount={choice.amount}
            partnerId={params.partnerId}
            onCancel={() => setChoice(null)}
            onCreated={(id) => setExchange(id)}
          />
        </Card>
      ) : (
        <ExchangeWidget
          assets={cryptoOnly(list.data)}
          loading={list.isPending}
          failed={list.isError}
          signedIn={false}
          title={t('EmbedWidget.Title')}
          description={t('EmbedWidget.Description')}
          initialSource={params.from}
          initialDestination={params.to}
          headingLevel="h1"
          compact
          commissionRate={commission}
          onGuestSubmit={onGuestSubmit}
        />
      )}
      <p className="mt-2 text-center text-xs text-slate-600 dark:text-slate-400">
        <a
          href="/home"
          target="_blank"
          rel="noopener"
          className="underline underline-offset-2 hover:text-slate-900 dark:hover:text-white"
        >
          {t('EmbedWidget.PoweredBy')}
          <span className="sr-only"> {t('EmbedWidget.NewTab')}</span>
        </a>
      </p>
    </div>
  );
}
