import { useTranslation } from '../../../lib/i18n';

export const PERKS = ['PrivateForum', 'MemberResources', 'AnnualConversions', 'NoFees'] as const;

/** The Included list (spec-2 §2): private forum, member resources, annual conversions, no fees. */
export function PerksList({ detailed = false }: { detailed?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-3">
      {PERKS.map((p) => (
        <li key={p} className="flex gap-3">
          <span aria-hidden="true" className="mt-0.5 font-bold text-emerald-600 dark:text-emerald-400">
            ✓
          </span>
          <span>
            <span className="font-medium">{t(`Premium.Perks.${p}.Title`)}</span>
            {detailed ? (
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                {t(`Premium.Perks.${p}.Text`)}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
