import type { Partner } from '@vaultline/shared';
import { useTranslation } from '../../../lib/i18n';

interface Props {
  /** The operator's partner list (server setting `partners`); empty renders nothing. */
  partners: readonly Partner[];
}

const NAME = 'inline-block rounded px-2 py-1 text-xl font-bold text-slate-700 dark:text-slate-200';

/**
 * The partners the operator names (DECISIONS §9: nothing on a page may claim a partnership that is
 * not real), as plain text wordmarks: no third-party artwork. Hidden when there are none.
 */
export function PartnersStrip({ partners }: Props) {
  const { t } = useTranslation();
  if (!partners.length) return null;
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
        <ul className="mt-5 flex flex-wrap items-center justify-center gap-x-10 gap-y-4">
          {partners.map((p) => (
            <li key={`${p.name}|${p.url ?? ''}`} className="text-center">
              {p.url ? (
                <a
                  href={p.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${NAME} hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:text-indigo-300`}
                >
                  {p.name}
                  <span className="sr-only"> {t('Home.Partners.OpensNewTab')}</span>
                </a>
              ) : (
                <span className={NAME}>{p.name}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
