import { useTranslation } from '../../../lib/i18n';

/** The two explanatory blocks of the landing page: crypto and fiat. */
export function Explainers() {
  const { t } = useTranslation();
  const blocks = [
    {
      key: 'Crypto',
      accent: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
      icon: '/icons/btc.svg',
    },
    {
      key: 'Fiat',
      accent: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
      icon: '/icons/eur.svg',
    },
  ] as const;
  return (
    <section className="mx-auto grid max-w-6xl gap-6 px-4 py-16 md:grid-cols-2">
      {blocks.map((b) => (
        <article
          key={b.key}
          aria-labelledby={`explainer-${b.key}`}
          className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <span
            aria-hidden="true"
            className={`inline-flex size-12 items-center justify-center rounded-xl ${b.accent}`}
          >
            <img src={b.icon} alt="" width={32} height={32} />
          </span>
          <h2 id={`explainer-${b.key}`} className="mt-4 text-2xl font-bold">
            {t(`Home.Explainers.${b.key}.Title`)}
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{t(`Home.Explainers.${b.key}.Text`)}</p>
        </article>
      ))}
    </section>
  );
}
