import { ExchangeListPage } from './exchange-list-page';

/** Back office, spec-2 §2: approved anonymous exchanges. */
export default function AdminApprovedTransactionsPage() {
  return <ExchangeListPage list="approved" />;
}
