import { Decimal as BaseDecimal } from 'decimal.js';

/**
 * The one decimal type for money and rates. 40 significant digits keeps a rate such as
 * JPY -> BTC (about 1e-7) exact far beyond any asset's 18 decimals; rounding is only ever done
 * explicitly (roundDown for credits, toDisplay for screens).
 */
export const Decimal = BaseDecimal.clone({
  precision: 40,
  rounding: BaseDecimal.ROUND_HALF_UP,
  toExpNeg: -40,
});
export type Decimal = InstanceType<typeof Decimal>;
