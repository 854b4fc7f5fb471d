import { CURRENCIES, type CurrencyId, LANGUAGES, type LanguageId } from '@vaultline/shared';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { changeCurrency, changeLanguage, useCurrency } from '../../lib/preferences';
import { Logo } from './logo';
import { Newsletter } from './newsletter';
import { PreferenceSelect } from './preference-select';

const linkClass =
  'rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-400 dark:hover:text-white';

export function Footer() {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const lang = i18n.language;

  return (
    <footer className="mt-auto border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-2">
            <Logo />
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('Footer.Tagline')}</p>
        </div>
        <nav aria-label={t('Footer.Links')} className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{t('Footer.Links')}</h2>
          <Link to="/home" className={linkClass}>
            {t('Footer.Home')}
          </Link>
          <Link to="/buy-sell" className={linkClass}>
            {t('Footer.BuySell')}
          </Link>
          <Link to="/contact" className={linkClass}>
            {t('Footer.Contact')}
          </Link>
        </nav>
        <div className="flex flex-col gap-1">
          <h2 className="mb-1 text-sm font-semibold text-slate-900 dark:text-white">
            {t('Footer.LanguageAndCurrency.Title')}
          </h2>
          <PreferenceSelect<LanguageId>
            label={t('Footer.LanguageAndCurrency.Language')}
            value={lang}
            options={LANGUAGES.map((l) => ({ value: l.id, text: l.displayText }))}
            onChange={changeLanguage}
            texts={{
              changing: t('Footer.LanguageAndCurrency.ChangingLang'),
              success: t('Footer.LanguageAndCurrency.LangChanged'),
              error: t('Footer.LanguageAndCurrency.LangError'),
            }}
          />
          <PreferenceSelect<CurrencyId>
            label={t('Footer.LanguageAndCurrency.Currency')}
            value={currency}
            options={CURRENCIES.map((c) => ({ value: c, text: `${c} · ${t(`Common.Currencies.${c}`)}` }))}
            onChange={changeCurrency}
            texts={{
              changing: t('Footer.LanguageAndCurrency.ChangingCurrency'),
              success: t('Footer.LanguageAndCurrency.CurrencyChanged'),
              error: t('Footer.LanguageAndCurrency.CurrencyError'),
            }}
          />
        </div>
        <Newsletter />
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-600 sm:px-6 lg:px-8 dark:text-slate-400">
          {t('Footer.Copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
