import { ExchangeListPage } from './exchange-list-page';

/** Back office, spec-2 §2: rejected anonymous exchanges. */
export default function AdminRejectedTransactionsPage() {
  return <ExchangeListPage list="rejected" />;
}
