import { useMutation, useQuery } from '@tanstack/react-query';
import type { ContactInfo, ContactRequest, ContactResponse } from '@vaultline/shared';
import { api } from '../../../lib/api-client';

/** GET Contact: the address the page shows (null when the operator set none). */
export const contactInfoQuery = {
  queryKey: ['contact-info'] as const,
  queryFn: () => api.get<ContactInfo>('Contact'),
  // Server configuration: it changes only with a restart.
  staleTime: Number.POSITIVE_INFINITY,
};

export const useContactInfo = () => useQuery(contactInfoQuery);

/** POST Contact (public, rate limited): stores the message for the admins. */
export const sendContactMessage = (body: ContactRequest) => api.post<ContactResponse>('Contact', body);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
