import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { staleCheckouts } from './checkouts.repository';
import type { PaymentGateway } from './gateway';
import type { PaymentEvents } from './payment-events';
import type { Refunds } from './refunds';

/**
 * What the webhooks may have missed (our server down for longer than the gateway retries, an
 * endpoint misconfigured): checkouts still open after a while are asked of the gateway. Paid, the
 * completion is applied as the webhook would have (once: the same state moves as the event's); still
 * open, the session is ended there so it can no longer be paid, then here. Refunds the gateway never
 * confirmed are asked again with their idempotency key.
 */
export function createReconciliation(deps: {
  db: Db;
  gateway: PaymentGateway;
  events: PaymentEvents;
  refunds: Pick<Refunds, 'retryPending'>;
  log: FastifyBaseLogger;
}) {
  const { db, gateway, events, log } = deps;
  return {
    async pass(olderThan: Date, refundsOlderThan = olderThan): Promise<number> {
      let settled = 0;
      for (const c of await staleCheckouts(db, olderThan)) {
        try {
          if (!c.sessionId) {
            // The gateway never answered the session's creation: nothing can have been paid.
            await events.handle(c.gateway, {
              id: `unopened_${c.id}`,
              created: new Date(),
              type: 'checkout.expired',
              checkoutId: c.id,
              sessionId: '',
            });
            settled++;
            continue;
          }
          let found = await gateway.retrieveCheckout(c.sessionId);
          if (found.status === 'open' && (await gateway.expireCheckout(c.sessionId)) === 'completed')
            found = await gateway.retrieveCheckout(c.sessionId);
          const event =
            found.status === 'complete'
              ? found.event
              : {
                  id: `expired_${c.sessionId}`,
                  created: new Date(),
                  type: 'checkout.expired' as const,
                  checkoutId: c.id,
                  sessionId: c.sessionId,
                };
          await events.handle(c.gateway, event);
          settled++;
        } catch (err) {
          log.warn({ err, checkoutId: c.id }, 'checkout not reconciled');
        }
      }
      return settled + (await deps.refunds.retryPending(refundsOlderThan));
    },
  };
}
