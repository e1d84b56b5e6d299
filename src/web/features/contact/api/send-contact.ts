import type { ContactMessage } from '@shared/types';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '@web/lib/api-client';

export function sendContact(message: ContactMessage): Promise<{ message?: string }> {
  return postJson<{ message?: string }>('/api/contact', message);
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
