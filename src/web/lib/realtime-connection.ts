/** The one real-time connection of the page, started by the app after first paint. */
import { createRealtimeClient, type RealtimeClient } from './realtime-client';

let client: RealtimeClient | null = null;

export function startRealtime(onChatSession: (sessionId: string) => void): RealtimeClient {
  client ??= createRealtimeClient({ onChatSession });
  return client;
}

/** The running connection, or null before the app started it. */
export function realtime(): RealtimeClient | null {
  return client;
}
