import { reloadUser } from '../../../lib/preferences';
import { queryClient } from '../../../lib/query-client';
import { session } from '../../../lib/session';

/**
 * Keeps the access token premium answered, as login keeps its token (lib/session.ts): the premium
 * claim changes at once (header avatar, premium/manage guard), then the profile and every cached
 * answer are read again with it.
 */
export async function applySessionToken(token: string): Promise<void> {
  session.setToken(token);
  void queryClient.invalidateQueries();
  await reloadUser().catch(() => undefined);
}
