import type { chatSessionResponse } from '@shared/api-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import type { z } from 'zod';

export type ChatSessionSummary = z.output<typeof chatSessionResponse>;

/** The support inbox: `all` covers the session list and every conversation. */
export const chatKeys = {
  all: ['chat'] as const,
  sessions: ['chat', 'sessions'] as const,
  messages: (sessionId: string) => ['chat', 'messages', sessionId] as const,
};

export function getChatSessions(): Promise<ChatSessionSummary[]> {
  return apiFetch<ChatSessionSummary[]>('/api/chat/sessions');
}

export const chatSessionsQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.sessions, queryFn: getChatSessions, refetchInterval: 30_000 });

export function useChatSessions() {
  return useQuery(chatSessionsQueryOptions());
}
