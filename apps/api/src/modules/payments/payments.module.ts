import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createIntervalJob } from '../../lib/interval-job';
import type { JobLeases } from '../../lib/job-lease';
import type { AccountService } from '../account/account.service';
import type { AuditTrail } from '../audit/audit.service';
import type { FeedService } from '../feed/feed.service';
import { pushDeposit as pushToFeed } from '../funding/deposit-push';
import type { DepositRow } from '../funding/funding.repository';
import type { LedgerService } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { PriceService } from '../prices/prices.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import { createCheckoutService } from './checkout.service';
import { createCheckoutRequests } from './checkout-request';
import type { PaymentGateway } from './gateway';
import { createPaymentEvents } from './payment-events';
import { createPremiumEvents } from './premium-events';
import { createReconciliation } from './reconcile';
import { createRefunds } from './refunds';
import { createAdminNotifier } from './reversal-notice';
import { createReversals } from './reversals';
import { createSessionLookup } from './session-match';
import { createStripeGateway } from './stripe-gateway';
import { createTestGateway, testWebhookSecret } from './test-gateway';
import { createOutboxDelivery, httpSender, type WebhookSender } from './test-gateway-outbox';

export interface PaymentsDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  ledger: LedgerService;
  catalog: AssetCatalog;
  prices: Pick<PriceService, 'freshUsd'>;
  account: Pick<AccountService, 'getUser'>;
  audit: AuditTrail;
  feed: Pick<FeedService, 'publish'>;
  mail: Pick<MailService, 'send'>;
  leases?: JobLeases;
}

/**
 * Card payments (DECISIONS §7, decision 0031): the configured gateway, its webhook events, the
 * checkouts, refunds, and the jobs that keep them whole (the test gateway's deliveries and renewals,
 * the reconciliation of checkouts and refunds the gateway never confirmed).
 */
export function createPayments(deps: PaymentsDeps) {
  const { db, config, log } = deps;
  let sender: WebhookSender | undefined = config.testGatewayWebhookUrl
    ? httpSender(config.testGatewayWebhookUrl)
    : undefined;
  const secret = testWebhookSecret(config.cookieSecret);
  const deliver = createOutboxDelivery({ db, secret, send: () => sender });
  const delivery = createIntervalJob({
    name: 'test gateway webhooks delivered',
    everyMs: 1000,
    pass: () => deliver(),
    log,
    ...(deps.leases ? { leases: deps.leases } : {}),
  });
  const test =
    config.paymentGateway === 'test'
      ? createTestGateway({
          db,
          webhookSecret: secret,
          graceDays: config.premiumGraceDays,
          kick: () => delivery.kick(),
          takesPayments: config.cardPaymentsEnabled,
        })
      : undefined;
  const gateway: PaymentGateway =
    test?.gateway ??
    createStripeGateway({
      secretKey: config.stripe?.secretKey ?? '',
      webhookSecret: config.stripe?.webhookSecret ?? '',
      pricePremium: config.stripe?.pricePremium ?? null,
      ...(config.stripe?.apiUrl ? { api: apiOf(config.stripe.apiUrl) } : {}),
    });
  const renewals = createIntervalJob({
    name: 'test gateway renewals',
    everyMs: 60_000,
    pass: () => (test ? test.renewDue() : Promise.resolve(0)),
    log,
    ...(deps.leases ? { leases: deps.leases } : {}),
  });

  const pushDeposit = (row: DepositRow) => pushToFeed(deps.feed, row);

  const premiumEvents = createPremiumEvents({
    gateway: gateway.id,
    graceDays: config.premiumGraceDays,
    onGrace: (userId, until) => {
      deps.account
        .getUser(userId)
        .then((u) =>
          deps.mail.send({
            to: u.email,
            subject: 'Your Vaultline Premium renewal payment failed',
            text: [
              `Hello ${u.firstName},`,
              '',
              'We could not renew your Premium subscription: the payment was declined.',
              `Premium stays active until ${until.toUTCString()} while the payment is tried again.`,
              'Please update your card under Premium > Manage card to keep Premium.',
            ].join('\n'),
          }),
        )
        .catch((err) => log.warn({ err, userId }, 'grace e-mail not sent'));
    },
  });
  const requestOf = createCheckoutRequests({
    db,
    gateway,
    account: deps.account,
    publicUrl: config.publicUrl,
  });
  const refunds = createRefunds({ db, gateway, ledger: deps.ledger, audit: deps.audit, log, pushDeposit });
  const events = createPaymentEvents({
    db,
    ledger: deps.ledger,
    premium: premiumEvents,
    pushDeposit,
    storedSession: createSessionLookup({ db, gateway, requestOf }),
    finishPremiumRefund: (id) => refunds.finishPremium(id),
    reversals: createReversals({ ledger: deps.ledger, audit: deps.audit, log }),
    notifyAdmins: createAdminNotifier({ db, mail: deps.mail, log }),
    log,
  });
  const checkout = createCheckoutService({
    db,
    gateway,
    events,
    account: deps.account,
    catalog: deps.catalog,
    prices: deps.prices,
    cardDepositMaxUsd: config.cardDepositMaxUsd,
    premiumPrices: config.premiumPrices,
    requestOf,
    enabled: config.cardPaymentsEnabled,
    pushDeposit,
    log,
  });
  const reconcileAfterMs = config.cardReconcileAfterSeconds * 1000;
  const reconciliation = createReconciliation({ db, gateway, events, refunds, log });
  const reconcile = createIntervalJob({
    name: 'card payments reconciled',
    everyMs: Math.min(60_000, Math.max(200, reconcileAfterMs / 4)),
    // A payer may stay on the hosted page a while: a checkout is closed after half an hour at least.
    pass: () =>
      reconciliation.pass(
        new Date(Date.now() - Math.max(reconcileAfterMs, 30 * 60_000)),
        new Date(Date.now() - reconcileAfterMs),
      ),
    log,
    ...(deps.leases ? { leases: deps.leases } : {}),
  });

  return {
    gateway,
    events,
    checkout,
    refunds,
    reconciliation,
    /** The test gateway itself (its hosted pages and renewals), when it is the one configured. */
    test,
    /** Delivers the test gateway's due events now (tests); answers how many were accepted. */
    deliver,
    /** Where the test gateway's events go when no URL is configured: the app itself (set by app.ts). */
    useSender(s: WebhookSender) {
      if (!config.testGatewayWebhookUrl) sender = s;
    },
    start() {
      if (test) {
        delivery.start();
        renewals.start();
      }
      reconcile.start();
    },
    async stop() {
      await delivery.stop();
      await renewals.stop();
      await reconcile.stop();
    },
  };
}
export type Payments = ReturnType<typeof createPayments>;

function apiOf(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: Number(u.port) || (protocol === 'http' ? 80 : 443), protocol };
}
