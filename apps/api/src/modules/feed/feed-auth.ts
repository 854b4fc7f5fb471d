import type { TokenService } from '../../lib/tokens';
import type { AuthState } from '../../plugins/auth';

/** What the feed needs to know who a connection is (the same checks as the HTTP routes). */
export interface FeedAuth {
  tokens: TokenService;
  loadAuthState(userId: string): Promise<AuthState | undefined>;
}
