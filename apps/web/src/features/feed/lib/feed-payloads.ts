import { feedSettingsSchema, feedUpdateSchema, withdrawalSchema } from '@vaultline/shared';
import type { FeedPayloads } from './feed-connection';

/**
 * Pushed payloads checked against the shared schemas before anyone sees them. Loaded with
 * socket.io-client (default-hub.ts), not with the pages: a page that shows the feed paints without
 * waiting for zod, which only a message needs.
 */
export const feedPayloads: FeedPayloads = {
  update(payload) {
    const parsed = feedUpdateSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  },
  settings(payload) {
    const parsed = feedSettingsSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  },
  withdrawal(payload) {
    const parsed = withdrawalSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  },
};
