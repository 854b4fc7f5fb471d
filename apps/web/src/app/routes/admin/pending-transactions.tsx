import { ExchangeListPage } from './exchange-list-page';

/** Back office, spec-2 §2: pending anonymous exchanges. */
export default function AdminPendingTransactionsPage() {
  return <ExchangeListPage list="pending" />;
}
