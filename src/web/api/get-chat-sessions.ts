import type { ChatSessionSummary } from '@shared/schemas/chat';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage } from '@web/lib/api-client';

export type { ChatSessionSummary };

/** The support inbox: `all` covers the session list and every conversation. */
export const chatKeys = {
  all: ['chat'] as const,
  sessions: ['chat', 'sessions'] as const,
  messages: (sessionId: string) => ['chat', 'messages', sessionId] as const,
};

/** One page of the inbox (unread first, then newest), and the path of the next. */
export function getChatSessions(path = '/api/chat/sessions') {
  return apiPage<ChatSessionSummary[]>(path);
}

export const chatSessionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.sessions,
    queryFn: ({ pageParam }) => getChatSessions(pageParam),
    initialPageParam: '/api/chat/sessions',
    getNextPageParam: (last) => last.next ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.body),
    refetchInterval: 30_000,
  });

export function useChatSessions() {
  return useInfiniteQuery(chatSessionsQueryOptions());
}
