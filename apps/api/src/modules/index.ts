import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/account.routes';
import { profileRoutes } from './account/profile.routes';
import { adminArea } from './admin/admin-area';
import { authRoutes } from './auth/auth.routes';
import { passwordRoutes } from './auth/password.routes';
import { contentRoutes } from './content/content.routes';
import { convertRoutes } from './convert/convert.routes';
import { exchangeRoutes } from './exchange/exchange.routes';
import { fundingRoutes } from './funding/funding.routes';
import { historyRoutes } from './history/history.routes';
import { mailRoutes } from './mail/mail.routes';
import { partnerRoutes } from './partners/partners.routes';
import { checkoutRoutes } from './payments/checkout.routes';
import { webhookRoutes } from './payments/webhooks.routes';
import { premiumRoutes } from './premium/premium.routes';
import { pricesRoutes } from './prices/prices.routes';
import { systemRoutes } from './system/system.routes';
import { twoFactorRoutes } from './two-factor/two-factor.routes';
import { walletsRoutes } from './wallets/wallets.routes';
import { withdrawalsRoutes } from './withdrawals/withdrawals.routes';

/** Registers every module's routes under the /api prefix. */
export async function registerModules(app: FastifyInstance) {
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(accountRoutes);
  await app.register(profileRoutes);
  await app.register(twoFactorRoutes);
  await app.register(premiumRoutes);
  await app.register(mailRoutes);
  await app.register(contentRoutes);
  await app.register(walletsRoutes);
  await app.register(pricesRoutes);
  await app.register(convertRoutes);
  await app.register(fundingRoutes);
  await app.register(checkoutRoutes);
  await app.register(webhookRoutes);
  await app.register(historyRoutes);
  await app.register(exchangeRoutes);
  await app.register(partnerRoutes);
  await app.register(withdrawalsRoutes);
  // The back office: every Admin/* call of these modules, behind one admin guard.
  await app.register(adminArea);
}
