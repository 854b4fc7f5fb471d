/** Query keys of the partner area; every one starts with 'partner' so a change can refresh them all. */
export const partnerKeys = {
  all: ['partner'] as const,
  account: ['partner', 'account'] as const,
  earnings: ['partner', 'earnings'] as const,
  apiKeys: ['partner', 'keys'] as const,
  webhooks: ['partner', 'webhooks'] as const,
  deliveries: ['partner', 'deliveries'] as const,
};
