import type { ChainNetworkStatus } from '@vaultline/shared';
import { useFormat } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { Badge, Detail } from './admin-ui';
import { NetworkReconciliation } from './network-reconciliation';
import { NetworkSweeps } from './network-sweeps';

/** The UTXO networks: their deposits are swept by PSBT (decision 0055). */
const SWEPT = new Set(['BTC', 'LTC']);

/** One watched network in the back office: its node, how far it was read, and the hot wallet. */
export function NetworkCard({ network: n }: { network: ChainNetworkStatus }) {
  const { t } = useTranslation();
  const f = useFormat();
  const block = (v: number | null) => (v === null ? '—' : f.number(String(v), { maximumFractionDigits: 0 }));
  return (
    <section
      aria-labelledby={`network-${n.network}`}
      data-testid={`network-${n.network}`}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`network-${n.network}`} className="text-lg font-semibold text-slate-900 dark:text-white">
          {n.name}{' '}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">({n.network})</span>
        </h2>
        <Badge tone={n.rpcOk ? 'success' : 'danger'} testId="rpc-state">
          {t(n.rpcOk ? 'Admin.Networks.RpcOk' : 'Admin.Networks.RpcDown')}
        </Badge>
      </div>
      {!n.rpcOk && n.rpcError ? (
        <p role="alert" className="mt-2 text-sm break-words text-red-800 dark:text-red-300">
          {n.rpcError}
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Detail label={t('Admin.Networks.Scanned')}>{block(n.scannedBlock)}</Detail>
        <Detail label={t('Admin.Networks.Head')}>{block(n.headBlock)}</Detail>
        <Detail label={t('Admin.Networks.Lag')}>
          <span data-testid="lag">{n.lag === null ? '—' : t('Admin.Networks.Blocks', { count: n.lag })}</span>
        </Detail>
        <Detail label={t('Admin.Networks.Confirmations')}>{n.confirmations}</Detail>
      </dl>
      <div className="mt-4 border-t border-slate-100 pt-3 dark:border-slate-800">
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('Admin.Networks.HotWallet')}
        </p>
        {n.hotWallet ? (
          <>
            <p className="mt-1 font-mono text-sm break-all text-slate-800 dark:text-slate-200">
              {n.hotWallet.address}
            </p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {n.hotWallet.balances.map((b) => (
                <li key={b.ticker}>
                  <Badge tone="neutral">
                    {f.amount(b.amount)} {b.ticker}
                  </Badge>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('Admin.Networks.NoHotWallet')}</p>
        )}
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t('Admin.Networks.Waiting', { count: n.payoutsWaiting })}
        </p>
      </div>
      <NetworkReconciliation network={n} />
      {SWEPT.has(n.network) ? <NetworkSweeps network={n.network} /> : null}
    </section>
  );
}
