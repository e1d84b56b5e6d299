import type { ContactMessageEntry } from '@shared/schemas/contact';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export type { ContactMessageEntry };

export const contactMessageKeys = {
  all: ['contact-messages'] as const,
};

/** GET /api/contact-messages: the contact form's messages, newest first (dealer session required). */
export function getContactMessages(): Promise<ContactMessageEntry[]> {
  return apiFetch<ContactMessageEntry[]>('/api/contact-messages');
}

/** The /ws bridge refreshes this entry on new-customer-contact; polling is only the fallback. */
export const contactMessagesQueryOptions = () =>
  queryOptions({
    queryKey: contactMessageKeys.all,
    queryFn: getContactMessages,
    refetchInterval: 30_000,
  });

export function useContactMessages() {
  return useQuery(contactMessagesQueryOptions());
}
