// @vitest-environment happy-dom
import type { ServerMessage } from '@shared/events';
import type { RealtimeClient } from '@web/lib/realtime-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_ACK_TIMEOUT_MS, ContactNotSent, sendContactOverChat } from './send-contact';

function fakeChannel() {
  const sent: { type: string; data?: unknown }[] = [];
  const listeners = new Set<(message: ServerMessage) => void>();
  const client: RealtimeClient = {
    send: (type, ...[data]) => {
      sent.push({ type, data });
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {},
  };
  const answer = (message: ServerMessage) => {
    for (const listener of [...listeners]) listener(message);
  };
  return { client, sent, answer, listeners };
}

const message = { name: 'Sam', email: 'sam@example.com', phone: '555-0100', message: 'Hi' };

describe('the contact form over a live chat session (spec §7)', () => {
  afterEach(() => vi.useRealTimers());

  it('sends contact-info with the session and an ISO timestamp, and resolves on the acknowledgement', async () => {
    const { client, sent, answer, listeners } = fakeChannel();
    const sending = sendContactOverChat(client, 'session-1', message);
    expect(sent).toHaveLength(1);
    expect(sent[0].type).toBe('contact-info');
    expect(sent[0].data).toMatchObject({ ...message, sessionId: 'session-1' });
    const { timestamp } = sent[0].data as { timestamp: string };
    expect(new Date(timestamp).toISOString()).toBe(timestamp);
    answer({ type: 'message-received', data: { ok: true } });
    answer({ type: 'contact-received', data: { ok: true } });
    await expect(sending).resolves.toEqual({});
    expect(listeners.size).toBe(0);
  });

  it("rejects with the server's reason when the channel refuses it", async () => {
    const { client, answer } = fakeChannel();
    const sending = sendContactOverChat(client, 'session-1', message);
    answer({
      type: 'contact-received',
      data: { ok: false, error: 'Too many messages. Please try again later.' },
    });
    await expect(sending).rejects.toEqual(
      new ContactNotSent('Too many messages. Please try again later.'),
    );
  });

  it('says "Failed to send contact info" when no acknowledgement comes', async () => {
    vi.useFakeTimers();
    const { client, listeners } = fakeChannel();
    const sending = sendContactOverChat(client, 'session-1', message);
    const outcome = expect(sending).rejects.toThrow('Failed to send contact info');
    vi.advanceTimersByTime(CONTACT_ACK_TIMEOUT_MS);
    await outcome;
    expect(listeners.size).toBe(0);
  });
});
