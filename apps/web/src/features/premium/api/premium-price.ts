import { useQuery } from '@tanstack/react-query';
import type { PremiumPriceView } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/intl-format';

/**
 * GET Premium/price (decision 0039): the amount and currency the gateway will charge this visitor
 * (the server's price table, for the display currency sent). Every screen that shows premium's
 * price shows this, never 49 written in the display currency. Written out, not shared's constant,
 * so the home page's first load does not take premium.ts's schemas.
 */
export function usePremiumPrice(displayCurrency: string) {
  return useQuery({
    queryKey: ['premium', 'price', displayCurrency],
    queryFn: ({ signal }) => api.get<PremiumPriceView>('Premium/price', { signal }),
    staleTime: 10 * 60_000,
  });
}

/** The price as text ("$49", "¥7,500", "49,50 €"); null until the server has said it. */
export function usePremiumPriceText(displayCurrency: string): string | null {
  const { i18n } = useTranslation();
  const { data } = usePremiumPrice(displayCurrency);
  return data
    ? formatMoney(data.amount, data.currency, i18n.language, {
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      })
    : null;
}
