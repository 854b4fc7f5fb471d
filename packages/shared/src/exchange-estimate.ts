import { decimalPlaces, parseDecimal } from './money';
import { commissionQuote } from './partner-api';

/** What the estimate needs: the figures the server publishes (rate, fee rate) and both assets' decimals. */
export interface ExchangeEstimateInput {
  /** The amount as typed, already normalised to a plain decimal ("0.5"). */
  amount: string;
  /** 1 source = rate destination: the server's GET PublicExchange/exchangeRate (usd(src) / usd(dst)). */
  rate: string;
  /** The fee rate the server applies to this caller ("0" for premium). */
  feeRate: string;
  sourceDecimals: number;
  destinationDecimals: number;
  /** A partner's commission rate (its widget or API exchanges); none for our own site. */
  commissionRate?: string | null;
}

/**
 * The amount a guest exchange would credit, computed exactly as the server quotes it at creation
 * (exchange-create: commissionQuote, i.e. conversionQuote of the amount at usd(src)/usd(dst) with
 * the fee rate, less a partner's commission, each rounded down to the destination's decimals), so the live preview equals the server's quote for the same
 * prices. Null when the server would refuse the amount as such (not a plain decimal, zero, more
 * decimals than the source has, or nothing left after the fee): the form then shows no estimate.
 * The minimum in USD is not checked here: it needs the source price and the form says it later.
 */
export function estimateExchange(input: ExchangeEstimateInput) {
  const amount = parseDecimal(input.amount);
  if (!amount || amount.lte(0) || decimalPlaces(input.amount.trim()) > input.sourceDecimals) return null;
  const quote = commissionQuote(
    amount,
    input.rate,
    input.feeRate,
    input.commissionRate ?? null,
    input.destinationDecimals,
  );
  return quote.receive.gt(0) ? { amount, ...quote } : null;
}
