import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { usePremiumPriceText } from '../../premium/api/premium-price';

interface Props {
  /** Display currency (ISO code) the price is shown in. */
  currency: string;
}

const PERKS = ['PrivateForum', 'MemberResources', 'AnnualConversions', 'NoFees'] as const;

/** Pricing section: the premium promo card, at the price the server charges (decision 0039). */
export function PremiumCard({ currency }: Props) {
  const { t } = useTranslation();
  const price = usePremiumPriceText(currency) ?? '…';
  return (
    <section aria-labelledby="pricing-title" className="bg-slate-50 py-16 dark:bg-slate-900/60">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="pricing-title" className="text-center text-3xl font-bold">
          {t('Home.Pricing.Title')}
        </h2>
        <article className="mx-auto mt-10 max-w-md rounded-2xl border-2 border-amber-400 bg-white p-8 shadow-lg dark:bg-slate-900">
          <h3 className="text-xl font-bold">{t('Home.Pricing.CardTitle')}</h3>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('Home.Pricing.CardDescription')}</p>
          <p className="mt-6 flex items-baseline gap-2">
            <span className="text-5xl font-extrabold">{price}</span>
            <span className="text-slate-600 dark:text-slate-300">{t('Home.Pricing.Frequency')}</span>
          </p>
          <h4 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
            {t('Home.Pricing.Included')}
          </h4>
          <ul className="mt-3 space-y-2">
            {PERKS.map((p) => (
              <li key={p} className="flex items-center gap-2">
                <span aria-hidden="true" className="text-emerald-600 dark:text-emerald-400">
                  ✓
                </span>
                {t(`Home.Pricing.Perks.${p}`)}
              </li>
            ))}
          </ul>
          <Link
            to="/premium"
            className="mt-8 block rounded-lg bg-amber-400 px-6 py-3 text-center font-semibold text-slate-900 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
          >
            {t('Home.Pricing.Cta')}
          </Link>
          <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">{t('Home.Pricing.Policy')}</p>
        </article>
      </div>
    </section>
  );
}
