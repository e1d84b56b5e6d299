import type { ContactMessage, ContactReceived } from '@shared/schemas/contact';
import { useMutation } from '@tanstack/react-query';
import { currentChatSessionId } from '@web/features/chat/chat-session';
import { postJson } from '@web/lib/api-client';
import type { RealtimeClient } from '@web/lib/realtime-client';
import { realtime } from '@web/lib/realtime-connection';

/** A contact-info the channel refused or never acknowledged; the message says why (spec §5). */
export class ContactNotSent extends Error {}

/** How long the channel may take to acknowledge a contact-info before the form says it failed. */
export const CONTACT_ACK_TIMEOUT_MS = 10_000;

/**
 * Spec §7: while a chat session exists the form's message goes over the channel as
 * `contact-info` (the dealer's inbox then files the conversation under the shopper's
 * name) and nothing is posted; the server acknowledges it with `contact-received`.
 */
export function sendContactOverChat(
  client: RealtimeClient,
  sessionId: string,
  message: ContactMessage,
): Promise<Partial<ContactReceived>> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => {
      unsubscribe();
      reject(new ContactNotSent('Failed to send contact info'));
    }, CONTACT_ACK_TIMEOUT_MS);
    const unsubscribe = client.subscribe((reply) => {
      if (reply.type !== 'contact-received') return;
      window.clearTimeout(timer);
      unsubscribe();
      if (reply.data.ok) resolve({});
      else reject(new ContactNotSent(reply.data.error ?? 'Failed to send contact info'));
    });
    client.send('contact-info', { ...message, sessionId, timestamp: new Date().toISOString() });
  });
}

export function sendContact(message: ContactMessage): Promise<Partial<ContactReceived>> {
  const client = realtime();
  const sessionId = currentChatSessionId();
  if (client && sessionId) return sendContactOverChat(client, sessionId, message);
  return postJson<ContactReceived>('/api/contact', message);
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
