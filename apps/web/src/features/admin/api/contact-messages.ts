import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ContactMessagesPage, LIMITS } from '@vaultline/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET Admin/contactMessages?page&pageSize (admin): messages of the contact page, newest first. */
export const getContactMessages = (page: number, signal?: AbortSignal) =>
  api.get<ContactMessagesPage>('Admin/contactMessages', {
    query: { page, pageSize: LIMITS.adminPageSize },
    signal,
  });

export const contactMessagesQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.contact(page),
    queryFn: ({ signal }) => getContactMessages(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useContactMessages = (page: number) => useQuery(contactMessagesQuery(page));
