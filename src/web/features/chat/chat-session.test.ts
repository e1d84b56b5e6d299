import { describe, expect, it } from 'vitest';
import { isExpired, newChatSessionId } from './chat-session';

describe('chat session id', () => {
  it('is session- plus the timestamp plus random text, as the server expects', () => {
    const id = newChatSessionId(1732250000000, () => 0.123456789);
    expect(id).toMatch(/^session-1732250000000-[a-z0-9]{6,}$/);
  });

  it('expires after 24 hours', () => {
    const created = 1_000_000;
    expect(isExpired(created, created + 24 * 3600_000 - 1)).toBe(false);
    expect(isExpired(created, created + 24 * 3600_000 + 1)).toBe(true);
    expect(isExpired(Number.NaN, created)).toBe(true);
  });
});
