import { HistoryScreen } from '../../features/history/components/history-screen';
import { useSession } from '../../lib/session';

/**
 * /transactions (spec-2 §2, signed-in users): the account's conversions, deposits and own exchanges,
 * the same list as the history screen (server pages of 5, live updates, CSV export).
 */
export default function TransactionsPage() {
  const { claims } = useSession();
  const userId = claims?.sub ?? null;
  return (
    <HistoryScreen
      key={userId ?? 'none'}
      userId={userId}
      titleKey="Pages.Transactions.Title"
      descriptionKey="Pages.Transactions.Description"
    />
  );
}
