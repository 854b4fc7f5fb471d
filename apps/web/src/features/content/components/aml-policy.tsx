import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

/**
 * spec-2 AML policy: 6 numbered sections; section 4 has 13 numbered points, sections 5 and 6
 * three bullets each. The texts live under Aml.Sections.S<n> in each language file.
 */
const SECTIONS = [
  { id: 'S1', paragraphs: 2 },
  { id: 'S2', paragraphs: 2 },
  { id: 'S3', paragraphs: 2 },
  { id: 'S4', paragraphs: 1, points: 13 },
  { id: 'S5', paragraphs: 1, bullets: 3 },
  { id: 'S6', paragraphs: 1, bullets: 3 },
] as const satisfies readonly { id: string; paragraphs: number; points?: number; bullets?: number }[];

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

export function AmlPolicy() {
  const { t } = useTranslation();
  return (
    <article className="max-w-3xl">
      <p className="text-slate-700 dark:text-slate-300">{t('Aml.Intro')}</p>
      <ol className="mt-8 list-none space-y-8">
        {SECTIONS.map((s, index) => {
          const key = `Aml.Sections.${s.id}`;
          return (
            <li key={s.id} data-testid="aml-section">
              <section aria-labelledby={`aml-${s.id}`}>
                <h2 id={`aml-${s.id}`} className="text-xl font-semibold text-slate-900 dark:text-white">
                  <span className="mr-2 tabular-nums">{index + 1}.</span>
                  {t(`${key}.Title`)}
                </h2>
                {range(s.paragraphs).map((p) => (
                  <p key={p} className="mt-3 leading-relaxed text-slate-700 dark:text-slate-300">
                    {t(`${key}.Text${p}`)}
                  </p>
                ))}
                {'points' in s ? (
                  <ol className="mt-3 list-decimal space-y-1.5 pl-6 leading-relaxed text-slate-700 marker:font-medium dark:text-slate-300">
                    {range(s.points).map((p) => (
                      <li key={p}>{t(`${key}.Point${p}`)}</li>
                    ))}
                  </ol>
                ) : null}
                {'bullets' in s ? (
                  <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed text-slate-700 dark:text-slate-300">
                    {range(s.bullets).map((b) => (
                      <li key={b}>{t(`${key}.Bullet${b}`)}</li>
                    ))}
                  </ul>
                ) : null}
              </section>
            </li>
          );
        })}
      </ol>
      <p className="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        {t('Aml.Review')}{' '}
        <Link
          to="/contact"
          className="font-medium text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
        >
          {t('Aml.ContactLink')}
        </Link>
        .
      </p>
    </article>
  );
}
