import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminPage, type AuditAction, type AuditEntry, LIMITS } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET Admin/auditLog?page&pageSize&action (admin): every admin change, newest first. */
export const getAuditLog = (page: number, action: AuditAction | null, signal?: AbortSignal) =>
  api.get<AdminPage<AuditEntry>>('Admin/auditLog', {
    query: { page, pageSize: LIMITS.adminPageSize, action },
    signal,
  });

export const auditLogQuery = (page: number, action: AuditAction | null) =>
  queryOptions({
    queryKey: adminKeys.audit(page, action),
    queryFn: ({ signal }) => getAuditLog(page, action, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAuditLog = (page: number, action: AuditAction | null) =>
  useQuery(auditLogQuery(page, action));
