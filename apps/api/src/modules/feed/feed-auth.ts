import type { TokenService } from '../../lib/tokens';
import type { AuthState } from '../../plugins/auth-caller';

/** What the feed needs to know who a connection is (the same checks as the HTTP routes). */
export interface FeedAuth {
  tokens: TokenService;
  loadAuthState(userId: string): Promise<AuthState | undefined>;
  /** ADMIN_REQUIRE_2FA: an admin for whom this answers false does not join the admins' room. */
  adminAllowed?(userId: string): Promise<boolean>;
}

/** Whether the account gets the admins' room: the role from the database, and a factor if required. */
export async function isFeedAdmin(auth: FeedAuth, state: AuthState): Promise<boolean> {
  return state.role === 'admin' && (auth.adminAllowed ? await auth.adminAllowed(state.id) : true);
}
