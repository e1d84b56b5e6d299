import type { ChatMessagePayload } from '@shared/schemas/chat';
import { apiFetch, sendJson } from '@web/lib/api-client';

export function sendSupportReply(sessionId: string, message: string) {
  return sendJson<ChatMessagePayload>(
    'POST',
    `/api/chat/sessions/${encodeURIComponent(sessionId)}/reply`,
    { message },
  );
}

export function markChatRead(sessionId: string) {
  return apiFetch<{ success: true }>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/read`, {
    method: 'POST',
    body: '{}',
  });
}

/** Support closes a conversation as spam: it leaves the inbox and its further messages are dropped. */
export function closeChatAsSpam(sessionId: string) {
  return apiFetch<{ success: true }>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/spam`, {
    method: 'POST',
    body: '{}',
  });
}
