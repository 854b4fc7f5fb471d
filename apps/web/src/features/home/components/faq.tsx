import { useTranslation } from '../../../lib/i18n';

interface Props {
  /** The server's lock lifetime; until it is known the answer names no figure. */
  lockTtlSeconds?: number | undefined;
}

/** Two questions; native <details> gives an accessible disclosure (keyboard, expanded state). */
export function Faq({ lockTtlSeconds }: Props) {
  const { t } = useTranslation();
  const answer = (q: 'Q1' | 'Q2') =>
    q === 'Q2' && lockTtlSeconds
      ? t('Home.Faq.Q2.AnswerSeconds', { count: lockTtlSeconds })
      : t(`Home.Faq.${q}.Answer`);
  return (
    <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16">
      <h2 id="faq-title" className="text-center text-3xl font-bold">
        {t('Home.Faq.Title')}
      </h2>
      <div className="mt-8 space-y-3">
        {(['Q1', 'Q2'] as const).map((q) => (
          <details
            key={q}
            className="group rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
              {t(`Home.Faq.${q}.Question`)}
              <span aria-hidden="true" className="text-xl transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 text-slate-600 dark:text-slate-300">{answer(q)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
