import type { ChatMessagePayload as ChatMessage } from '@shared/schemas/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { chatKeys } from './get-chat-sessions';

export type { ChatMessage };

export function getChatMessages(sessionId: string): Promise<ChatMessage[]> {
  return apiFetch<ChatMessage[]>(`/api/chat/sessions/${encodeURIComponent(sessionId)}/messages`);
}

export const chatMessagesQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: chatKeys.messages(sessionId),
    queryFn: () => getChatMessages(sessionId),
  });

export function useChatMessages(sessionId: string | null) {
  return useQuery({ ...chatMessagesQueryOptions(sessionId ?? ''), enabled: sessionId !== null });
}
