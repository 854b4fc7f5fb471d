import { Link } from 'react-router';
import { LinkButton } from '../../../components/ui';
import { useTranslation } from '../../../lib/i18n';
import { usePremiumPriceText } from '../api/premium-price';
import { PerksList } from './perks-list';

/**
 * /premium's card (spec-2 §2): title, description, the server's price per year (decision 0039), the Included
 * list and a button: to pay for a non-member, to manage for a member. The policy link opens the
 * billing terms below the card.
 */
export function PromoCard({ currency, premium }: { currency: string; premium: boolean }) {
  const { t } = useTranslation();
  const price = usePremiumPriceText(currency) ?? '…';
  return (
    <article
      aria-labelledby="premium-card-title"
      className="mx-auto max-w-md rounded-2xl border-2 border-amber-400 bg-white p-8 shadow-lg dark:bg-slate-900"
    >
      <h2 id="premium-card-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        {t('Premium.Card.Title')}
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('Premium.Card.Description')}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-2">
        <span data-testid="premium-price" className="text-5xl font-extrabold text-slate-900 dark:text-white">
          {price}
        </span>
        <span className="text-slate-600 dark:text-slate-300">{t('Premium.Card.Frequency')}</span>
      </p>
      <h3 className="mt-6 text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {t('Premium.Card.Included')}
      </h3>
      <div className="mt-3">
        <PerksList />
      </div>
      {premium ? (
        <LinkButton to="/premium/manage" variant="secondary" size="lg" className="mt-8 w-full">
          {t('Premium.Card.Manage')}
        </LinkButton>
      ) : (
        <Link
          to="/premium/pay"
          className="mt-8 block rounded-lg bg-amber-400 px-6 py-3 text-center font-semibold text-slate-900 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
        >
          {t('Premium.Card.Subscribe')}
        </Link>
      )}
      <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">
        {t('Premium.Card.PolicyShort')}{' '}
        <a href="#premium-policy" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {t('Premium.Card.PolicyLink')}
        </a>
      </p>
    </article>
  );
}

/** The billing terms the card's policy link leads to. */
export function PremiumPolicy({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const price = usePremiumPriceText(currency) ?? '…';
  return (
    <section
      id="premium-policy"
      aria-labelledby="premium-policy-title"
      className="mx-auto mt-10 max-w-2xl scroll-mt-24"
    >
      <h2 id="premium-policy-title" className="text-lg font-semibold">
        {t('Premium.Policy.Title')}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
        <li>{t('Premium.Policy.Billing', { price })}</li>
        <li>{t('Premium.Policy.Cancel')}</li>
        <li>{t('Premium.Policy.Card')}</li>
      </ul>
    </section>
  );
}
