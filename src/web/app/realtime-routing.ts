import type { QueryClient } from '@tanstack/react-query';
import { adoptChatSessionId, currentChatSessionId } from '@web/features/chat/chat-session';
import { acknowledge, appendLine, restoreHistory } from '@web/features/chat/chat-store';
import { notify } from '@web/features/chat/notify';
import { applyServerMessage } from '@web/lib/realtime-cache';
import { createRealtimeClient } from '@web/lib/realtime-client';
import { adoptRealtime } from '@web/lib/realtime-connection';

/** A line from the shop's side of the chat, with a sound and a notification. */
function showReplyFromShop({ message, timestamp }: { message: string; timestamp: string }): void {
  appendLine({ message, timestamp, fromSupport: true });
  notify('New Response', message);
}

/**
 * Connects the page to /ws and routes messages: data into the query cache,
 * chat into the chat store, with a sound and a notification for what arrives
 * from others. Returns the unsubscribe function.
 */
export function connectRealtime(queryClient: QueryClient): () => void {
  const client = adoptRealtime(() => createRealtimeClient({ onChatSession: adoptChatSessionId }));
  return client.subscribe((message) => {
    applyServerMessage(queryClient, message);
    switch (message.type) {
      case 'session-restored':
        if (message.data.sessionId === currentChatSessionId())
          restoreHistory(message.data.chatHistory);
        return;
      case 'new-chat-message':
        if (message.data.sessionId !== currentChatSessionId()) return;
        appendLine({
          message: message.data.message,
          timestamp: message.data.timestamp,
          fromSupport: false,
        });
        return;
      case 'support-response':
        if (message.data.sessionId && message.data.sessionId !== currentChatSessionId()) return;
        showReplyFromShop(message.data);
        return;
      case 'dealer-response':
      case 'retailer-message':
      case 'broadcast-message':
      case 'telegram-message':
        showReplyFromShop(message.data);
        return;
      case 'message-received':
        acknowledge(message.data);
        return;
      case 'contact-received':
        console.debug(`real-time: ${message.type}`);
        return;
    }
  });
}
