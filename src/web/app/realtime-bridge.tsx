import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Connects the page to /ws once it is idle. The socket is not needed for the
 * first paint, so its client and message routing load then, outside the
 * first-load bundle.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopped = false;
    let unsubscribe: (() => void) | undefined;
    const start = () => {
      void import('./realtime-routing').then(({ connectRealtime }) => {
        if (!stopped) unsubscribe = connectRealtime(queryClient);
      });
    };
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const handle = idle(start);
    return () => {
      stopped = true;
      if (window.cancelIdleCallback && typeof handle === 'number')
        window.cancelIdleCallback(handle);
      unsubscribe?.();
    };
  }, [queryClient]);
  return null;
}
