import type { ChatMessagePayload } from '@shared/events';
import { apiFetch } from '@web/lib/api-client';

export function sendSupportReply(sessionId: string, message: string) {
  return apiFetch<ChatMessagePayload>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/reply`, {
    method: 'POST',
    body: JSON.stringify({ message }),
  });
}

export function markChatRead(sessionId: string) {
  return apiFetch<{ success: true }>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/read`, {
    method: 'POST',
    body: '{}',
  });
}
