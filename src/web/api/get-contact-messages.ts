import type { ContactMessageEntry } from '@shared/schemas/contact';
import { readQuery } from '@web/lib/read-query';
import { contactMessageKeys } from './query-keys';

export type { ContactMessageEntry };

export { contactMessageKeys };

/** GET /api/contact-messages: the contact form's messages, newest first (dealer session required). */
/** The /ws bridge refreshes this entry on new-customer-contact; polling is only the fallback. */
const contactMessagesRead = readQuery<ContactMessageEntry[]>(
  contactMessageKeys.all,
  '/api/contact-messages',
  { refetchInterval: 30_000 },
);

export const getContactMessages = contactMessagesRead.fetch;
export const contactMessagesQueryOptions = contactMessagesRead.queryOptions;
export const useContactMessages = contactMessagesRead.use;
