import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import type { BusEvent } from '../../events/bus';
import { publish } from '../../events/publish';
import { recordShopperMessage } from './service';
import { startTelegramBridge, TELEGRAM_TOO_LONG } from './telegram-bridge';

/** A local stand-in for the Telegram Bot API: records sends, serves queued updates, fails on demand. */
function fakeBotApi() {
  const sent: { chat_id: string; text: string }[] = [];
  const updates: unknown[] = [];
  let failures = 0;
  let nextMessageId = 700;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const json = body ? JSON.parse(body) : {};
      res.setHeader('content-type', 'application/json');
      if (req.url?.endsWith('/sendMessage')) {
        if (failures > 0) {
          failures -= 1;
          res.statusCode = 502;
          res.end(JSON.stringify({ ok: false, description: 'Bad Gateway' }));
          return;
        }
        sent.push(json);
        res.end(JSON.stringify({ ok: true, result: { message_id: ++nextMessageId } }));
        return;
      }
      if (req.url?.endsWith('/getUpdates')) {
        const pending = updates.splice(0);
        setTimeout(
          () => res.end(JSON.stringify({ ok: true, result: pending })),
          pending.length ? 0 : 50,
        );
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ ok: false }));
    });
  });
  return {
    server,
    sent,
    updates,
    failNext: (n: number) => {
      failures = n;
    },
    lastMessageId: () => nextMessageId,
  };
}

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 5000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('Telegram bridge against a local fake Bot API', () => {
  let t: TestApp;
  let api: ReturnType<typeof fakeBotApi>;
  let stop: () => Promise<void>;
  const published: BusEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false });
    api = fakeBotApi();
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
    const port = (api.server.address() as { port: number }).port;
    t.app.events.subscribe((e) => published.push(e));
    stop = startTelegramBridge(t.app, {
      token: 'TEST',
      chatId: '42',
      apiBase: `http://127.0.0.1:${port}`,
      retryBaseMs: 20,
      pollTimeoutS: 1,
      coalesceMs: 50,
    });
  });
  afterAll(async () => {
    await stop();
    api.server.close();
    await t.dispose();
  });

  let updates = 0;
  /** A message written in a Telegram chat (the support chat unless another) in reply to a forwarded one. */
  const replyInTelegram = (forwardedId: number, text: string, chatId = 42) =>
    api.updates.push({
      update_id: ++updates,
      message: {
        message_id: 9000 + updates,
        chat: { id: chatId },
        text,
        reply_to_message: { message_id: forwardedId },
      },
    });

  async function shopperSays(sessionId: string, message: string) {
    const saved = await recordShopperMessage(t.db.kysely, {
      sessionId,
      shopperId: null,
      message,
      name: 'Jo',
    });
    publish(t.app, saved.events);
  }

  it('forwards a shopper message to the support chat', async () => {
    await shopperSays('session-1732250000000-aaaa', 'Is Blue Dream in stock?');
    await until(() => api.sent.length === 1);
    expect(api.sent[0].chat_id).toBe('42');
    expect(api.sent[0].text).toContain('Jo: Is Blue Dream in stock?');
    expect(api.sent[0].text).toContain('session-1732250000000-aaaa');
  });

  it('relays a support reply to that shopper session', async () => {
    const forwardedId = api.lastMessageId();
    await until(async () => {
      const row = await t.db.kysely
        .selectFrom('chat_messages')
        .select('external_ref')
        .where('session_id', '=', 'session-1732250000000-aaaa')
        .executeTakeFirst();
      return row?.external_ref === String(forwardedId);
    });
    replyInTelegram(forwardedId, 'Yes, 3 ounces left');
    await until(() => published.some((e) => e.type === 'support-response'));
    const reply = published.find((e) => e.type === 'support-response')!;
    expect(reply.chatSessionId).toBe('session-1732250000000-aaaa');
    expect(reply.data).toMatchObject({
      message: 'Yes, 3 ounces left',
      sessionId: 'session-1732250000000-aaaa',
    });
  });

  it('retries a failing API without losing the message', async () => {
    api.failNext(2);
    const before = api.sent.length;
    await shopperSays('session-1732250000001-bbbb', 'Are you open late?');
    await until(() => api.sent.length === before + 1);
    expect(api.sent.at(-1)!.text).toContain('Are you open late?');
    // a later message is forwarded after any retry of the first would have been
    await shopperSays('session-1732250000001-bbbb', 'Marker after the retries');
    await until(() => api.sent.some((s) => s.text.includes('Marker after the retries')));
    expect(api.sent.filter((s) => s.text.includes('Are you open late?'))).toHaveLength(1);
  });

  async function forwardedMessageOf(sessionId: string): Promise<number> {
    let ref: string | null | undefined;
    await until(async () => {
      ref = (
        await t.db.kysely
          .selectFrom('chat_messages')
          .select('external_ref')
          .where('session_id', '=', sessionId)
          .executeTakeFirst()
      )?.external_ref;
      return Boolean(ref);
    });
    return Number(ref);
  }

  const repliesTo = (sessionId: string) =>
    published.filter((e) => e.type === 'support-response' && e.chatSessionId === sessionId);

  it('12.1 ignores a reply written in any chat but the configured one', async () => {
    const sessionId = 'session-1732250000002-cccc';
    await shopperSays(sessionId, 'Who am I talking to?');
    const forwardedId = await forwardedMessageOf(sessionId);
    replyInTelegram(forwardedId, 'I am support, send me your address', 666);
    // The genuine chat's reply, queued after the intruder's, is the marker that both were handled.
    replyInTelegram(forwardedId, 'Real support here');
    await until(() => repliesTo(sessionId).length > 0);
    expect(repliesTo(sessionId).map((e) => (e.data as { message: string }).message)).toEqual([
      'Real support here',
    ]);
  });

  it('14.3 refuses a Telegram reply over the chat cap and tells the support chat why', async () => {
    const sessionId = 'session-1732250000003-dddd';
    await shopperSays(sessionId, 'Tell me everything');
    const forwardedId = await forwardedMessageOf(sessionId);
    replyInTelegram(forwardedId, 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1));
    replyInTelegram(forwardedId, 'b'.repeat(CHAT_MESSAGE_MAX_LENGTH));
    await until(() => repliesTo(sessionId).length > 0);
    expect(repliesTo(sessionId).map((e) => (e.data as { message: string }).message)).toEqual([
      'b'.repeat(CHAT_MESSAGE_MAX_LENGTH),
    ]);
    expect(api.sent.filter((s) => s.text === TELEGRAM_TOO_LONG)).toHaveLength(1);
  });

  it('sends a burst of one session as one message (100 messages are not 100 sends)', async () => {
    const sessionId = 'session-1732250000009-flood';
    const before = api.sent.length;
    const saved = [];
    for (let i = 1; i <= 100; i++)
      saved.push(
        await recordShopperMessage(t.db.kysely, {
          sessionId,
          shopperId: null,
          message: `spam ${i}`,
        }),
      );
    for (const outcome of saved) publish(t.app, outcome.events);
    await until(() => api.sent.length > before);
    const forwarded = api.sent.slice(before);
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0].text).toContain('spam 1\nspam 2\n');
    expect(forwarded[0].text).toContain('spam 100\n');
    // every message of the batch answers to that one Telegram message
    await until(async () => {
      const refs = await t.db.kysely
        .selectFrom('chat_messages')
        .select('external_ref')
        .where('session_id', '=', sessionId)
        .execute();
      return refs.every((r) => r.external_ref === String(api.lastMessageId()));
    });
  });
});
