/**
 * The one real-time connection of the page. The app opens it after first
 * paint (the client loads then); until then `realtime()` is null and callers
 * skip their channel notices.
 */
import type { RealtimeClient } from './realtime-client';

let client: RealtimeClient | null = null;

export function adoptRealtime(create: () => RealtimeClient): RealtimeClient {
  client ??= create();
  return client;
}

/** The running connection, or null before the app started it. */
export function realtime(): RealtimeClient | null {
  return client;
}
