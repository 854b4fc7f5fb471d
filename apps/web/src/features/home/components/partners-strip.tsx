import { useTranslation } from 'react-i18next';

/** Six partner sites, shown as plain wordmarks drawn in text (no third-party artwork). */
const PARTNERS = [
  { name: 'Ledger', href: 'https://www.ledger.com', className: 'font-black tracking-tight' },
  { name: 'Trezor', href: 'https://trezor.io', className: 'font-bold uppercase tracking-widest' },
  { name: 'CoinGecko', href: 'https://www.coingecko.com', className: 'font-extrabold' },
  { name: 'Chainalysis', href: 'https://www.chainalysis.com', className: 'font-semibold italic' },
  { name: 'Fireblocks', href: 'https://www.fireblocks.com', className: 'font-bold' },
  { name: 'Circle', href: 'https://www.circle.com', className: 'font-medium lowercase tracking-wide' },
] as const;

export function PartnersStrip() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="partners-title"
      className="border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h2
          id="partners-title"
          className="text-center text-sm font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-400"
        >
          {t('Home.Partners.Title')}
        </h2>
        <ul className="mt-5 grid grid-cols-2 items-center gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {PARTNERS.map((p) => (
            <li key={p.name} className="text-center">
              <a
                href={p.href}
                target="_blank"
                rel="noopener noreferrer"
                className={`inline-block rounded px-2 py-1 text-xl text-slate-700 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-200 dark:hover:text-indigo-300 ${p.className}`}
              >
                {p.name}
                <span className="sr-only"> {t('Home.Partners.OpensNewTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
