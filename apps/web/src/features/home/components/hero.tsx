import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

/** Landing hero with the buy/sell call (spec-2 §2). */
export function Hero() {
  const { t } = useTranslation();
  // The gradient ends on sky-700, not sky-600: the indigo-50 text keeps 4.5:1 where it reaches it
  // (3.6:1 on sky-600), on a phone too.
  return (
    <section className="bg-gradient-to-br from-indigo-700 via-indigo-600 to-sky-700 text-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
          {t('Home.Hero.Title')}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-indigo-50">{t('Home.Hero.Description')}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/buy-sell"
            className="rounded-lg bg-white px-6 py-3 font-semibold text-indigo-700 shadow hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('Home.Hero.Cta')}
          </Link>
          <a
            href="#exchange-widget"
            className="rounded-lg border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('Home.Hero.Secondary')}
          </a>
        </div>
      </div>
    </section>
  );
}
