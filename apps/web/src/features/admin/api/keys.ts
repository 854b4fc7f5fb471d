/** Query keys of the back office; every list starts with 'admin' so a decision can refresh them all. */
export const adminKeys = {
  all: ['admin'] as const,
  deposits: (status: number | null) => ['admin', 'deposits', status ?? 'all'] as const,
  depositsAll: ['admin', 'deposits'] as const,
  outbox: (to: string | null) => ['admin', 'outbox', to ?? 'all'] as const,
  exchanges: ['admin', 'exchanges'] as const,
  exchangeList: (list: string, page: number) => ['admin', 'exchanges', list, page] as const,
  stats: ['admin', 'stats'] as const,
  search: (query: string) => ['admin', 'search', query] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  bankAccounts: ['admin', 'bank-accounts'] as const,
  wallets: ['admin', 'wallets'] as const,
  settings: ['admin', 'settings'] as const,
  audit: (page: number, action: string | null) => ['admin', 'audit', page, action ?? 'all'] as const,
  auditAll: ['admin', 'audit'] as const,
  contact: (page: number) => ['admin', 'contact', page] as const,
};
