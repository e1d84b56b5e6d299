import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH } from './constants';
import { CLIENT_MESSAGE_SCHEMAS, isClientMessageType } from './socket-messages';

const sessionId = 'session-1764201600000-abcd1234';

describe('what a browser may send on /ws', () => {
  it('names every message the spec lets a client send (§7 "Client sends")', () => {
    const spec = [
      'sync-products',
      'restore-session',
      'session-restored',
      'add-to-cart',
      'remove-from-cart',
      'check-orders',
      'fetch-schedule-slots',
      'schedule-slot-created',
      'schedule-slot-deleted',
      'dealer-settings-updated',
      'contact-info',
    ];
    for (const type of spec) expect(isClientMessageType(type), type).toBe(true);
    expect(isClientMessageType('toString')).toBe(false);
    expect(isClientMessageType('order-created')).toBe(false);
  });

  it('refuses a chat message that is empty, too long or not text, and one for a made-up session', () => {
    const chat = CLIENT_MESSAGE_SCHEMAS['chat-message'];
    expect(chat.safeParse({ sessionId, message: ' Hello ' }).data?.message).toBe('Hello');
    expect(chat.safeParse({ sessionId, message: '   ' }).success).toBe(false);
    expect(
      chat.safeParse({ sessionId, message: 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }).success,
    ).toBe(false);
    expect(chat.safeParse({ sessionId, message: { text: 'hi' } }).success).toBe(false);
    expect(chat.safeParse({ sessionId: 'session-1', message: 'hi' }).success).toBe(false);
    expect(
      CLIENT_MESSAGE_SCHEMAS['support-response'].safeParse({ sessionId, message: 42 }).success,
    ).toBe(false);
  });

  it('asks the contact form for a name, a phone and a real-looking email', () => {
    const contact = CLIENT_MESSAGE_SCHEMAS['contact-info'];
    const good = { name: 'Sam', phone: '555-0100', email: 'sam@example.com' };
    expect(contact.safeParse(good).data).toEqual({ ...good, message: '' });
    expect(contact.safeParse({ ...good, email: 'sam' }).success).toBe(false);
    expect(contact.safeParse({ ...good, name: ' ' }).success).toBe(false);
  });

  it('reads a cart notice as the line it names', () => {
    const notice = CLIENT_MESSAGE_SCHEMAS['add-to-cart'];
    expect(notice.safeParse({ id: 3, quantity: '1/8 oz', flavor: 'Grape' }).success).toBe(true);
    expect(notice.safeParse({ id: '3', quantity: '1/8 oz' }).success).toBe(false);
  });
});
