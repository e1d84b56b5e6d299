import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContactMessageEntry, contactMessageKeys } from '@web/api/get-contact-messages';
import { sendJson } from '@web/lib/api-client';

export function setContactMessageHandled(id: number, handled: boolean) {
  return sendJson<ContactMessageEntry>('PATCH', `/api/contact-messages/${id}`, { handled });
}

/** Marks a contact message handled (or new again) and refreshes the inbox. */
export function useSetContactMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      setContactMessageHandled(id, handled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessageKeys.all }),
  });
}
