import { createApiKeyAuth } from './api-keys';
import { createPartnerEarnings } from './earnings/earnings.service';
import { createPartnerAccounts } from './partner-accounts.service';
import type { PartnerDeps } from './partner-deps';
import { createPartnerRetention } from './retention/retention-job';
import { createPartnerApi } from './v1/v1.service';
import { createPartnerWebhooks } from './webhooks/webhooks.service';

/**
 * Partners: accounts and API keys, the versioned partner API (/api/v1), commissions and earnings,
 * and signed webhooks. Each part is built here; its jobs start and stop with the app.
 */
export function createPartners(deps: PartnerDeps) {
  const jobs: { start(): void; stop(): Promise<void> }[] = [];
  // Partner accounts and API keys; apiKeys authenticates the partner API (auth plugin, 'partner').
  const accounts = createPartnerAccounts(deps);
  const apiKeys = createApiKeyAuth(deps);
  const earnings = createPartnerEarnings(deps);
  // Signed webhooks: endpoints, the delivery log and the delivery job (webhooks/).
  const webhooks = createPartnerWebhooks(deps);
  jobs.push(webhooks);
  // Old idempotency keys and finished webhook events are deleted hourly (retention/).
  jobs.push(createPartnerRetention(deps));
  return {
    deps,
    accounts,
    apiKeys,
    earnings,
    webhooks,
    /** The partner API, version 1 (v1/). */
    api: createPartnerApi(deps),
    start() {
      for (const job of jobs) job.start();
    },
    async stop() {
      for (const job of jobs) await job.stop();
    },
  };
}

export type Partners = ReturnType<typeof createPartners>;
