/**
 * The one real-time connection of the page. The app opens it once the page is idle
 * (the client loads then); until then `realtime()` is null and callers skip their
 * channel notices. What must not be skipped (a chat message) goes through
 * `withRealtime`, which asks for the connection at once and runs when it exists.
 */
import type { RealtimeClient } from './realtime-client';

let client: RealtimeClient | null = null;
const waiting: ((client: RealtimeClient) => void)[] = [];
let startNow: (() => void) | null = null;

export function adoptRealtime(create: () => RealtimeClient): RealtimeClient {
  if (!client) {
    client = create();
    const ready = client;
    for (const use of waiting.splice(0)) use(ready);
  }
  return client;
}

/** The running connection, or null before the app started it. */
export function realtime(): RealtimeClient | null {
  return client;
}

/** Set by the app: starts the connection without waiting for the page to be idle. */
export function onRealtimeStartRequest(start: (() => void) | null): void {
  startNow = start;
}

/** Starts the connection now if it is not running (the shopper opened the chat). */
export function requestRealtime(): void {
  if (!client) startNow?.();
}

/** Runs `use` with the connection: now, or as soon as it has started (asked for at once). */
export function withRealtime(use: (client: RealtimeClient) => void): void {
  if (client) {
    use(client);
    return;
  }
  waiting.push(use);
  requestRealtime();
}
