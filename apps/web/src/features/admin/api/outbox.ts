import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** How many e-mails the outbox page reads at once (the server's upper bound is 200). */
export const OUTBOX_LIMIT = 100;

/** GET Admin/outbox?to&limit (admin): the newest e-mails of the outbox, optionally to one address. */
export const getOutbox = (to: string | null, signal?: AbortSignal) =>
  api.get<OutboxMessage[]>('Admin/outbox', { query: { to, limit: OUTBOX_LIMIT }, signal });

export const outboxQuery = (to: string | null) =>
  queryOptions({ queryKey: adminKeys.outbox(to), queryFn: ({ signal }) => getOutbox(to, signal) });

export const useOutbox = (to: string | null) => useQuery(outboxQuery(to));
