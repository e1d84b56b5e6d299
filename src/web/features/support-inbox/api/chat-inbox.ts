import type { ChatMessagePayload } from '@shared/schemas/chat';
import type { SuccessResponse } from '@shared/schemas/http';
import { postJson } from '@web/lib/api-client';

const sessionPath = (sessionId: string, action: 'reply' | 'read' | 'spam') =>
  `/api/chat/sessions/${encodeURIComponent(sessionId)}/${action}`;

export function sendSupportReply(sessionId: string, message: string) {
  return postJson<ChatMessagePayload>(sessionPath(sessionId, 'reply'), { message });
}

export function markChatRead(sessionId: string) {
  return postJson<SuccessResponse>(sessionPath(sessionId, 'read'), {});
}

/** Support closes a conversation as spam: it leaves the inbox and its further messages are dropped. */
export function closeChatAsSpam(sessionId: string) {
  return postJson<SuccessResponse>(sessionPath(sessionId, 'spam'), {});
}
