import { emailSchema, LIMITS, parseDecimal, type Wallet, WalletType } from '@vaultline/shared';
import { normaliseAmount } from '../../convert/lib/amount';

/** The manual deposit form's checks, in the order of spec-1 §5. */
export const DEPOSIT_CHECKS = ['email', 'address', 'amount'] as const;
export type DepositCheck = (typeof DEPOSIT_CHECKS)[number];

export interface DepositFormValues {
  email: string;
  address: string;
  amount: string;
}

// spec-1 §5: text, @, domain and a top-level part of at least 2 letters (the server's rule too).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export function validDepositEmail(email: string): boolean {
  const v = email.trim();
  return EMAIL_SHAPE.test(v) && emailSchema.safeParse(v).success;
}

/** Required and at least 10 characters; the server checks the address against its network. */
export function validDepositAddress(address: string): boolean {
  return address.trim().length >= LIMITS.minWalletAddressLength;
}

/** A decimal greater than zero ("0,5" accepted, as in the exchange widget). */
export function validDepositAmount(amount: string): boolean {
  const d = parseDecimal(normaliseAmount(amount));
  return d?.gt(0) === true;
}

/** The checks that fail, in the spec's order: the first one is the one the user is told about. */
export function failedDepositChecks(v: DepositFormValues): DepositCheck[] {
  const ok: Record<DepositCheck, boolean> = {
    email: validDepositEmail(v.email),
    address: validDepositAddress(v.address),
    amount: validDepositAmount(v.amount),
  };
  return DEPOSIT_CHECKS.filter((c) => !ok[c]);
}

/** spec-1 §5: Get Address is enabled only when the e-mail and the address are valid. */
export const canGetAddress = (v: DepositFormValues) =>
  validDepositEmail(v.email) && validDepositAddress(v.address);

export type WalletLookup =
  | { state: 'ready'; source: Wallet; destination: Wallet }
  | { state: 'destinationMissing' | 'sourceMissing' }
  | { state: 'addressNotConfigured'; ticker: string };

/**
 * The two assets of a manual deposit from the public wallet list: the destination by the route's id,
 * the source by the `sourceCurrency` ticker (else the id the exchange widget stored). The source
 * must have a deposit address (spec-1 §8 "Address Not Configured").
 */
export function resolveDepositWallets(
  list: readonly Wallet[],
  destinationId: string,
  sourceTicker: string | null,
  storedSourceId: string | null,
): WalletLookup {
  const crypto = list.filter((w) => w.type === WalletType.Crypto);
  const destination = crypto.find((w) => w.id === destinationId);
  if (!destination) return { state: 'destinationMissing' };
  const ticker = sourceTicker?.trim().toUpperCase();
  const source = ticker
    ? crypto.find((w) => w.ticker.toUpperCase() === ticker)
    : crypto.find((w) => w.id === storedSourceId);
  if (!source) return { state: 'sourceMissing' };
  // A watched network gives each exchange an address of its own; elsewhere the house's is needed.
  if (!source.isAddressConfigured || (!source.adminWalletAddress && !source.network)) {
    return { state: 'addressNotConfigured', ticker: source.ticker };
  }
  return { state: 'ready', source, destination };
}
