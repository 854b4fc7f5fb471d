// What the Stripe stand-in answers: the calls it records, the state it keeps between them, and
// Stripe's documented objects for each call the adapter makes (stripe-standin.test-helpers.ts serves them).

/** One call the library made, as Stripe would see it. */
export interface StandInRequest {
  method: string;
  path: string;
  /** GET parameters (`expand[0]` …). */
  query: Record<string, string>;
  /** The form-encoded body, keys as sent (`line_items[0][price_data][unit_amount]`). */
  body: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}
export interface StandInAnswer {
  status?: number;
  body: unknown;
}
export type StandInHandler = (req: StandInRequest, params: string[]) => StandInAnswer;

export interface Route {
  method: string;
  path: RegExp;
  handler: StandInHandler;
}

/** What the stand-in remembers between calls, open to tests (a session paid, an invoice's payment). */
export interface StandInState {
  sessions: Map<string, Record<string, unknown>>;
  /** Subscription id → status; an unknown id is an active subscription. */
  subscriptions: Map<string, string>;
  /** Invoice id → the payment intent that paid it. */
  invoicePayments: Map<string, string>;
  card: { brand: string; last4: string };
  /** Prices made in the dashboard: id → Stripe's price object (GET /v1/prices/:id). */
  prices: Map<string, Record<string, unknown>>;
}

/** Stripe's error body: https://docs.stripe.com/api/errors */
export const stripeError = (status: number, message: string, code?: string): StandInAnswer => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...(code ? { code, param: 'id' } : {}) } },
});
const missing = (kind: string, id: string | undefined) =>
  stripeError(404, `No such ${kind}: '${id}'`, 'resource_missing');

const now = () => Math.floor(Date.now() / 1000);
let serial = 0;
export const nextId = (prefix: string) => `${prefix}_test_${++serial}`;

/** `metadata[checkoutId]=…` back into `{ checkoutId: … }`. */
const metadataOf = (body: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(body).flatMap(([k, v]) => (k.match(/^metadata\[(.+)\]$/) ? [[k.slice(9, -1), v]] : [])),
  );

/** What Stripe charges for the session's one line: its inline price, or a dashboard price's amount. */
function amountTotal(state: StandInState, body: Record<string, string>): number | null {
  const inline = body['line_items[0][price_data][unit_amount]'];
  if (inline) return Number(inline) * Number(body['line_items[0][quantity]'] ?? 1);
  const price = state.prices.get(body['line_items[0][price]'] ?? '');
  if (!price) return null;
  const currency = body.currency ?? String(price.currency);
  const options = (price.currency_options ?? {}) as Record<string, { unit_amount: number }>;
  return options[currency]?.unit_amount ?? (currency === price.currency ? Number(price.unit_amount) : null);
}

function newSession(state: StandInState, body: Record<string, string>): Record<string, unknown> {
  const id = nextId('cs');
  const created = now();
  return {
    id,
    object: 'checkout.session',
    mode: body.mode,
    status: 'open',
    payment_status: 'unpaid',
    url: `https://checkout.stripe.com/c/pay/${id}`,
    client_reference_id: body.client_reference_id ?? null,
    metadata: metadataOf(body),
    customer: body.customer ?? null,
    customer_email: body.customer_email ?? null,
    currency: body.currency ?? body['line_items[0][price_data][currency]'] ?? null,
    amount_total: amountTotal(state, body),
    success_url: body.success_url ?? null,
    cancel_url: body.cancel_url ?? null,
    payment_intent: null,
    subscription: null,
    ui_mode: 'hosted',
    created,
    expires_at: created + 24 * 3600,
  };
}

const expands = (req: StandInRequest, field: string) => Object.values(req.query).includes(field);

function subscription(state: StandInState, req: StandInRequest, id: string, status: string) {
  const card = { ...state.card, exp_month: 12, exp_year: 2039, funding: 'credit' };
  const method = { id: 'pm_test_card', object: 'payment_method', type: 'card', card };
  const ended = status === 'canceled' ? now() : null;
  return {
    id,
    object: 'subscription',
    status,
    customer: 'cus_test_standin',
    cancel_at_period_end: req.body.cancel_at_period_end === 'true',
    canceled_at: ended,
    ended_at: ended,
    metadata: {},
    default_payment_method: expands(req, 'default_payment_method') ? method : method.id,
  };
}

/** Stripe's answers to the calls the adapter makes (v1 API, objects trimmed to what matters). */
export function builtInRoutes(state: StandInState): Route[] {
  const session = (id: string | undefined) => (id ? state.sessions.get(id) : undefined);
  const route = (method: string, path: RegExp, handler: StandInHandler): Route => ({ method, path, handler });
  return [
    route('POST', /^\/v1\/checkout\/sessions$/, (req) => {
      const created = newSession(state, req.body);
      state.sessions.set(created.id as string, created);
      return { body: created };
    }),
    route('GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (_req, [id]) => {
      const found = session(id);
      return found ? { body: found } : missing('checkout.session', id);
    }),
    route('POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (_req, [id]) => {
      const found = session(id);
      if (!found) return missing('checkout.session', id);
      if (found.status !== 'open') {
        // Stripe's answer carries no code here, only the message.
        const message = `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${found.status}\`.`;
        return stripeError(400, message);
      }
      found.status = 'expired';
      return { body: found };
    }),
    route('GET', /^\/v1\/prices\/([^/]+)$/, (_req, [id]) => {
      const price = id ? state.prices.get(id) : undefined;
      return price ? { body: price } : missing('price', id);
    }),
    route('GET', /^\/v1\/subscriptions\/([^/]+)$/, (req, [id = '']) => ({
      body: subscription(state, req, id, state.subscriptions.get(id) ?? 'active'),
    })),
    route('POST', /^\/v1\/subscriptions\/([^/]+)$/, (req, [id = '']) => {
      const status = state.subscriptions.get(id) ?? 'active';
      if (status === 'canceled')
        return stripeError(
          400,
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      return { body: subscription(state, req, id, status) };
    }),
    route('DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (req, [id = '']) => {
      // A canceled subscription is no longer found by the cancel endpoint.
      if (state.subscriptions.get(id) === 'canceled') return missing('subscription', id);
      state.subscriptions.set(id, 'canceled');
      return { body: subscription(state, req, id, 'canceled') };
    }),
    route('POST', /^\/v1\/refunds$/, (req) => ({
      body: {
        id: nextId('re'),
        object: 'refund',
        amount: Number(req.body.amount),
        currency: 'usd',
        payment_intent: req.body.payment_intent,
        status: 'succeeded',
        created: now(),
      },
    })),
    route('POST', /^\/v1\/billing_portal\/sessions$/, (req) => {
      const id = nextId('bps');
      const url = `https://billing.stripe.com/p/session/${id}`;
      return {
        body: {
          id,
          object: 'billing_portal.session',
          customer: req.body.customer,
          return_url: req.body.return_url,
          url,
        },
      };
    }),
    route('GET', /^\/v1\/payment_intents\/([^/]+)$/, (req, [id]) => {
      const charge = {
        id: `ch_for_${id}`,
        object: 'charge',
        payment_intent: id,
        payment_method_details: { type: 'card', card: { ...state.card, exp_month: 12, exp_year: 2039 } },
      };
      const latest = expands(req, 'latest_charge') ? charge : charge.id;
      return {
        body: { id, object: 'payment_intent', status: 'succeeded', metadata: {}, latest_charge: latest },
      };
    }),
    route('GET', /^\/v1\/invoice_payments$/, (req) => {
      const invoice = req.query.invoice ?? '';
      const paidBy = state.invoicePayments.get(invoice);
      const payment = {
        id: `inpay_for_${invoice}`,
        object: 'invoice_payment',
        invoice,
        status: 'paid',
        is_default: true,
        payment: { type: 'payment_intent', payment_intent: paidBy },
      };
      return {
        body: { object: 'list', url: '/v1/invoice_payments', has_more: false, data: paidBy ? [payment] : [] },
      };
    }),
  ];
}
