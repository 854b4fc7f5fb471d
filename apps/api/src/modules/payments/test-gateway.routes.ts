import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { guestRateLimit } from '../../lib/rate-limit';
import type { TestGateway } from './test-gateway';
import { checkoutPage, closedPage, portalPage } from './test-gateway-page';

const cardForm = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
});

/** Only a path of this site may be the portal's way back (no open redirect). */
const safeReturn = (v: unknown) => (typeof v === 'string' && /^\/(?!\/)[^\s\\]*$/.test(v) ? v : '/');

const html = 'text/html; charset=utf-8';

/**
 * The test gateway's hosted pages (DECISIONS §7), outside /api: the checkout where the card is typed
 * and the portal where it is replaced. Server-rendered, no script; the form posts here and never to
 * our API. Registered only when the test gateway is the one configured.
 */
export async function testGatewayRoutes(app: FastifyInstance, opts: { gateway: TestGateway }) {
  const tg = opts.gateway;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  // As a guest's other writes (GUEST_RATE_LIMIT_MAX a minute per address).
  const limit = { rateLimit: guestRateLimit(app.config) };

  app.get<{ Params: { id: string } }>('/gateway/test/checkout/:id', async (req, reply) => {
    const s = await tg.session(req.params.id);
    reply.type(html).header('cache-control', 'no-store');
    if (!s) return reply.code(404).send(closedPage('This payment page does not exist.'));
    if (s.status === 'complete') return reply.redirect(s.successUrl, 303);
    if (s.status === 'expired') return reply.send(closedPage('This payment page has expired.', s.cancelUrl));
    return reply.send(checkoutPage(s));
  });

  app.post<{ Params: { id: string } }>(
    '/gateway/test/checkout/:id',
    { config: limit },
    async (req, reply) => {
      const card = cardForm.safeParse(req.body ?? {});
      const typed = card.success ? card.data : { number: '', expiry: '', cvc: '' };
      const r = await tg.pay(req.params.id, typed);
      reply.type(html).header('cache-control', 'no-store');
      if (r.outcome === 'unavailable')
        return reply.code(503).send(closedPage('Card payments are not available on this server.'));
      if (!r.session) return reply.code(404).send(closedPage('This payment page does not exist.'));
      if (r.outcome === 'paid') return reply.redirect(r.session.successUrl, 303);
      if (r.outcome === 'closed')
        return r.session.status === 'complete'
          ? reply.redirect(r.session.successUrl, 303)
          : reply.send(closedPage('This payment page has expired.', r.session.cancelUrl));
      return reply
        .code(402)
        .send(checkoutPage({ ...r.session, error: r.message ?? 'Your card was declined.' }));
    },
  );

  app.get<{ Params: { customer: string }; Querystring: { return?: string } }>(
    '/gateway/test/portal/:customer',
    async (req, reply) => {
      const back = safeReturn(req.query.return);
      const sub = await tg.subscriptionOfCustomer(req.params.customer);
      reply.type(html).header('cache-control', 'no-store');
      if (!sub) return reply.code(404).send(closedPage('No saved card.', back));
      return reply.send(
        portalPage({ customer: sub.customer, last4: sub.last4, brand: sub.brand, status: sub.status, back }),
      );
    },
  );

  app.post<{ Params: { customer: string }; Querystring: { return?: string } }>(
    '/gateway/test/portal/:customer',
    { config: limit },
    async (req, reply) => {
      const back = safeReturn(req.query.return);
      const card = cardForm.safeParse(req.body ?? {});
      const check = await tg.updateCard(
        req.params.customer,
        card.success ? card.data : { number: '', expiry: '', cvc: '' },
      );
      const sub = await tg.subscriptionOfCustomer(req.params.customer);
      reply.type(html).header('cache-control', 'no-store');
      if (!sub) return reply.code(404).send(closedPage('No saved card.', back));
      const page = { customer: sub.customer, last4: sub.last4, brand: sub.brand, status: sub.status, back };
      return check.ok || check.declined
        ? reply.send(portalPage({ ...page, message: 'Card saved.' }))
        : reply.code(400).send(portalPage({ ...page, error: check.message }));
    },
  );
}
