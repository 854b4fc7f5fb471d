import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { HistoryScreen } from '../../features/history/components/history-screen';
import { notifyAuthRequired } from '../../features/history/lib/history-notices';
import { useSession } from '../../lib/session';

/**
 * /buy-sell/history (spec-1 §2): a guest sees the exchanges this browser holds, a signed-in user
 * their own transactions from the server. A new screen per viewer, so signing in or out starts over.
 */
export default function HistoryPage() {
  const { authenticated, claims } = useSession();
  const userId = authenticated ? (claims?.sub ?? null) : null;
  const navigate = useNavigate();
  const previous = useRef(userId);
  // The session ended under this page (a 401 the token refresh could not mend clears it, or the
  // token expired): spec-1 §6, a 401 on history leads to the login screen.
  useEffect(() => {
    const was = previous.current;
    previous.current = userId;
    if (was !== null && userId === null) {
      notifyAuthRequired();
      void navigate('/login', { state: { from: '/buy-sell/history' } });
    }
  }, [userId, navigate]);
  return <HistoryScreen key={userId ?? 'guest'} userId={userId} />;
}
