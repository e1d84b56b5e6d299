import { useQueryClient } from '@tanstack/react-query';
import { onRealtimeStartRequest } from '@web/lib/realtime-connection';
import { useEffect } from 'react';

/** Live prices, stock and chat should not wait long for an idle moment that may not come. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Connects the page to /ws once it is idle, and at the latest after a few seconds (a busy
 * page may never be idle), or at once when something needs it (the shopper opens the chat).
 * The socket is not needed for the first paint, so its client and message routing load
 * then, outside the first-load bundle.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopped = false;
    let started = false;
    let unsubscribe: (() => void) | undefined;
    const start = () => {
      if (started) return;
      started = true;
      void import('./realtime-routing').then(({ connectRealtime }) => {
        if (!stopped) unsubscribe = connectRealtime(queryClient);
      });
    };
    onRealtimeStartRequest(start);
    const handle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS })
      : window.setTimeout(start, 1500);
    return () => {
      stopped = true;
      onRealtimeStartRequest(null);
      if (window.cancelIdleCallback) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      unsubscribe?.();
    };
  }, [queryClient]);
  return null;
}
