import { CURRENCIES, Decimal, toPlain } from '@vaultline/shared';

/** Premium's yearly price in one currency: what the gateway charges, and what the screen shows. */
export interface PremiumPrice {
  amount: string;
  /** ISO 4217, upper case. */
  currency: string;
}

/** Currencies without minor units among the display currencies (JPY): whole amounts only. */
const WHOLE = new Set(['JPY']);

/**
 * PREMIUM_PRICES (decision 0039): "USD:49,EUR:45,JPY:7500", an explicit price per currency. The
 * first is charged to a user whose display currency has no price of its own: never "49" relabelled
 * in another currency. Problems are added to `problems`, naming the setting.
 */
export function parsePremiumPrices(text: string, problems: string[]): PremiumPrice[] {
  const prices: PremiumPrice[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    const m = /^([A-Za-z]{3}):(\d+(?:\.\d{1,2})?)$/.exec(part);
    const currency = m?.[1]?.toUpperCase() ?? '';
    const amount = m?.[2] ? new Decimal(m[2]) : null;
    if (!m || !amount || amount.lte(0) || !(CURRENCIES as readonly string[]).includes(currency)) {
      problems.push(
        `PREMIUM_PRICES must list prices as CURRENCY:amount separated by commas (e.g. USD:49,EUR:45), in ${CURRENCIES.join(', ')}; "${part}" is not one`,
      );
      continue;
    }
    if (WHOLE.has(currency) && !amount.isInteger())
      problems.push(`PREMIUM_PRICES: ${currency} has no decimals ("${part}")`);
    else if (prices.some((p) => p.currency === currency))
      problems.push(`PREMIUM_PRICES names ${currency} twice`);
    else prices.push({ currency, amount: toPlain(amount) });
  }
  if (prices.length === 0 && problems.length === 0)
    problems.push('PREMIUM_PRICES must name at least one price');
  return prices;
}

/** The price a user with this display currency pays: its own, or the table's first. */
export function premiumPriceFor(table: readonly PremiumPrice[], displayCurrency: string): PremiumPrice {
  const own = table.find((p) => p.currency === displayCurrency.toUpperCase());
  const price = own ?? table[0];
  if (!price) throw new Error('no premium price configured');
  return price;
}
