import type { ChatMessagePayload } from '@shared/events';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export interface ChatSessionSummary {
  sessionId: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  createdAt: string;
  lastMessageAt: string;
  unreadCount: number;
  lastMessage: string | null;
}

export const chatSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['chat', 'sessions'],
    queryFn: () => apiFetch<ChatSessionSummary[]>('/api/chat/sessions'),
    refetchInterval: 30_000,
  });

export const chatMessagesQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['chat', 'messages', sessionId],
    queryFn: () =>
      apiFetch<ChatMessagePayload[]>(
        `/api/chat/sessions/${encodeURIComponent(sessionId)}/messages`,
      ),
  });

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
