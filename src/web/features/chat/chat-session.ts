/**
 * The shopper's chat session id (spec §3, §4): `session-<timestamp>-<random>`,
 * kept in localStorage with its creation time, forgotten after 24 hours.
 */
import { TIMERS } from '@shared/constants';
import { readStorage, removeStorage, writeStorage } from '@web/lib/storage';

const ID_KEY = 'chatSessionId';
const TIMESTAMP_KEY = 'chatSessionTimestamp';

export function newChatSessionId(now = Date.now(), random = Math.random): string {
  return `session-${now}-${random().toString(36).slice(2, 11).padEnd(6, '0')}`;
}

export function isExpired(createdAt: number, now = Date.now()): boolean {
  return !Number.isFinite(createdAt) || now - createdAt > TIMERS.chatSessionLifetimeMs;
}

/** The current session id, or null; an expired one is removed. */
export function currentChatSessionId(now = Date.now()): string | null {
  const id = readStorage(ID_KEY);
  if (!id) return null;
  if (isExpired(Number(readStorage(TIMESTAMP_KEY)), now)) {
    removeStorage(ID_KEY);
    removeStorage(TIMESTAMP_KEY);
    return null;
  }
  return id;
}

export function ensureChatSessionId(now = Date.now()): string {
  const existing = currentChatSessionId(now);
  if (existing) return existing;
  const id = newChatSessionId(now);
  writeStorage(ID_KEY, id);
  writeStorage(TIMESTAMP_KEY, String(now));
  return id;
}
