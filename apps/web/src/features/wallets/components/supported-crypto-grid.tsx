import type { Wallet } from '@vaultline/shared';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { AssetIcon } from './asset-icon';

interface Props {
  wallets: Wallet[];
  loading: boolean;
  failed: boolean;
}

/** Home: every supported crypto asset, each linking to its asset page. */
export function SupportedCryptoGrid({ wallets, loading, failed }: Props) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="supported-crypto-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="supported-crypto-title" className="text-center text-3xl font-bold">
        {t('Home.Supported.Title')}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600 dark:text-slate-300">
        {t('Home.Supported.Description')}
      </p>
      {loading ? (
        <div role="status" className="mt-10 flex justify-center">
          <span className="size-8 animate-spin rounded-full border-4 border-slate-300 border-t-indigo-600" />
          <span className="sr-only">{t('Home.Supported.Loading')}</span>
        </div>
      ) : failed ? (
        <p className="mt-10 text-center text-red-700 dark:text-red-400">{t('Home.Errors.LoadCrypto')}</p>
      ) : (
        <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {wallets.map((w) => (
            <li key={w.id}>
              <Link
                to={`/crypto/${encodeURIComponent(w.ticker)}`}
                className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-indigo-400 hover:shadow focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:bg-slate-900"
              >
                <AssetIcon ticker={w.ticker} type={w.type} size={36} />
                <span className="min-w-0">
                  <span className="block font-semibold break-words">{w.fullName}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">{w.ticker}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
