import { useQueryClient } from '@tanstack/react-query';
import { adoptChatSessionId, currentChatSessionId } from '@web/features/chat/chat-session';
import { appendLine, restoreHistory } from '@web/features/chat/chat-store';
import { notify } from '@web/features/chat/notify';
import { applyServerMessage } from '@web/lib/realtime-cache';
import { startRealtime } from '@web/lib/realtime-connection';
import { useEffect } from 'react';

/**
 * Connects the page to /ws once it is idle (the socket is not needed for the
 * first paint) and routes messages: data into the query cache, chat into the
 * chat store, with a sound and a notification for what arrives from others.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    const start = () => {
      const client = startRealtime(adoptChatSessionId);
      unsubscribe = client.subscribe((message) => {
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
            appendLine({
              message: message.data.message,
              timestamp: message.data.timestamp,
              fromSupport: true,
            });
            notify('New Response', message.data.message);
            return;
          case 'dealer-response':
          case 'retailer-message':
          case 'broadcast-message':
          case 'telegram-message':
            appendLine({
              message: message.data.message,
              timestamp: message.data.timestamp,
              fromSupport: true,
            });
            notify('New Response', message.data.message);
            return;
          case 'message-received':
          case 'contact-received':
            console.debug(`real-time: ${message.type}`);
            return;
        }
      });
    };
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const handle = idle(start);
    return () => {
      if (window.cancelIdleCallback && typeof handle === 'number')
        window.cancelIdleCallback(handle);
      unsubscribe?.();
    };
  }, [queryClient]);
  return null;
}
