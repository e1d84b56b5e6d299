/**
 * The shopper's chat session id (spec §3, §7). The server issues it in `init`
 * and binds it to the shopper's cookie, so after a reload it hands back the
 * same session (for 24 hours) and refuses it to anyone else. The browser only
 * remembers the id of the current connection.
 */
import { removeStorage } from '@web/lib/storage';

/** Where ids that browsers made up themselves used to be kept. */
const LEGACY_KEYS = ['chatSessionId', 'chatSessionTimestamp'];

let current: string | null = null;

export function currentChatSessionId(): string | null {
  return current;
}

export function adoptChatSessionId(sessionId: string): void {
  if (current === null) for (const key of LEGACY_KEYS) removeStorage(key);
  current = sessionId;
}
