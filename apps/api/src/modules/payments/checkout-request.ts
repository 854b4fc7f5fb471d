import { CHECKOUT_RETURN_PAGE, toPlain } from '@vaultline/shared';
import type { DbOrTx } from '../../db/client';
import type { AccountService } from '../account/account.service';
import { findLatestPaidSubscription } from '../premium/premium.repository';
import type { CheckoutRow } from './checkouts.repository';
import type { CheckoutRequest, PaymentGateway } from './gateway';

export const PREMIUM_DESCRIPTION = 'Vaultline Premium (1 year, renews yearly)';

/**
 * The request that opens a checkout's session at the gateway, derived from the checkout row and the
 * payer only. Derived the same way every time, so that asking again with the checkout's idempotency
 * key (a session id we failed to store) is the same request, which the gateway answers with the
 * session it opened the first time.
 */
export function createCheckoutRequests(deps: {
  db: DbOrTx;
  gateway: Pick<PaymentGateway, 'id'>;
  account: Pick<AccountService, 'getUser'>;
  /** Absolute base of the return page for a gateway on another site (Stripe). */
  publicUrl: string;
}) {
  // The test gateway's page is on this site: relative return URLs work on any host and port.
  const base = deps.gateway.id === 'test' ? '' : deps.publicUrl.replace(/\/$/, '');
  return async function requestOf(c: CheckoutRow): Promise<CheckoutRequest> {
    const user = await deps.account.getUser(c.userId);
    const premium = c.purpose === 'premium';
    // A returning subscriber keeps the gateway's customer (its saved card and portal).
    const customerId = premium
      ? ((await findLatestPaidSubscription(deps.db, c.userId))?.gatewayCustomer ?? null)
      : null;
    return {
      checkoutId: c.id,
      mode: premium ? 'subscription' : 'payment',
      amount: toPlain(c.amount),
      currency: c.currency,
      description: premium ? PREMIUM_DESCRIPTION : `Vaultline deposit of ${toPlain(c.amount)} ${c.currency}`,
      email: user.email,
      ...(customerId ? { customerId } : {}),
      ...(c.subscriptionId ? { subscriptionId: c.subscriptionId } : {}),
      successUrl: `${base}${CHECKOUT_RETURN_PAGE}?id=${c.id}`,
      cancelUrl: `${base}${CHECKOUT_RETURN_PAGE}?id=${c.id}&cancelled=1`,
    };
  };
}
export type CheckoutRequests = ReturnType<typeof createCheckoutRequests>;
