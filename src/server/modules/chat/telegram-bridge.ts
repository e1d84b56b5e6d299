import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import type { ChatMessagePayload } from '../../../shared/schemas/chat';
import { dropLease, TELEGRAM_POLLER_LEASE, takeLease } from '../../db/leases';
import { publish } from '../../events/publish';
import type { Actor } from '../audit/service';
import { findSessionByExternalRef, recordSupportMessage, setExternalRef } from './service';

export interface TelegramOptions {
  token: string;
  chatId: string;
  apiBase: string;
  /** first retry delay; doubles per attempt */
  retryBaseMs?: number;
  maxAttempts?: number;
  pollTimeoutS?: number;
  /** a session's messages within this time of its first unsent one go out as one send */
  coalesceMs?: number;
  /** how long an instance that does not hold the poller's lease waits before asking again */
  leaseWaitMs?: number;
}

/** Telegram's cap on one message's text. */
const TELEGRAM_MAX_TEXT = 4096;

interface TelegramUpdate {
  update_id: number;
  message?: {
    message_id: number;
    chat?: { id: number | string };
    text?: string;
    reply_to_message?: { message_id: number };
  };
}

export const TELEGRAM_TOO_LONG = `That reply is longer than ${CHAT_MESSAGE_MAX_LENGTH} characters and was not delivered. Please shorten it and reply again.`;

/** Replies typed in the support chat on Telegram: no member of staff is signed in there. */
const FROM_TELEGRAM: Actor = { staff: null, address: 'telegram' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Relays live chat to a Telegram chat: shopper messages are sent there (a session's messages
 * of a few seconds as one send, so a flood of messages is not a flood of sends), and a
 * reply to one of them comes back to that shopper's session as support.
 * Network failures are retried with backoff and never stop the server.
 */
export function startTelegramBridge(app: FastifyInstance, options: TelegramOptions) {
  const {
    token,
    chatId,
    apiBase,
    retryBaseMs = 500,
    maxAttempts = 6,
    pollTimeoutS = 25,
    coalesceMs = 5000,
    leaseWaitMs = 10_000,
  } = options;
  let stopped = false;
  let offset = 0;
  const controller = new AbortController();

  async function call<T>(method: string, body: unknown): Promise<T> {
    const res = await fetch(`${apiBase}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const json = (await res.json().catch(() => ({}))) as {
      ok?: boolean;
      result?: T;
      description?: string;
    };
    if (!res.ok || !json.ok)
      throw new Error(`Telegram ${method} failed: ${res.status} ${json.description ?? ''}`);
    return json.result as T;
  }

  /** Messages of one session waiting for their send, and the timer that sends them. */
  const batches = new Map<string, { messages: ChatMessagePayload[]; timer: NodeJS.Timeout }>();

  function queue(message: ChatMessagePayload) {
    const batch = batches.get(message.sessionId);
    if (batch) {
      batch.messages.push(message);
      return;
    }
    const timer = setTimeout(() => {
      batches.delete(message.sessionId);
      void forward(message.sessionId, messages);
    }, coalesceMs);
    const messages = [message];
    batches.set(message.sessionId, { messages, timer });
  }

  function textOf(sessionId: string, messages: ChatMessagePayload[]): string {
    const lines = messages.map((m) => `${m.name ? `${m.name}: ` : ''}${m.message}`).join('\n');
    const footer = '\n\n(Reply to this message to answer the shopper.)';
    const room = TELEGRAM_MAX_TEXT - footer.length - sessionId.length - 4;
    const body = lines.length > room ? `${lines.slice(0, room - 1)}…` : lines;
    return `💬 ${sessionId}\n${body}${footer}`;
  }

  async function forward(sessionId: string, messages: ChatMessagePayload[]) {
    const text = textOf(sessionId, messages);
    for (let attempt = 1; attempt <= maxAttempts && !stopped; attempt++) {
      try {
        const sent = await call<{ message_id: number }>('sendMessage', { chat_id: chatId, text });
        for (const message of messages)
          await setExternalRef(
            app.db.kysely,
            sessionId,
            message.timestamp,
            String(sent.message_id),
          );
        return;
      } catch (error) {
        app.log.warn({ err: error, attempt }, 'forwarding a chat message to Telegram failed');
        if (attempt < maxAttempts) await sleep(retryBaseMs * 2 ** (attempt - 1));
      }
    }
    app.log.error({ sessionId }, 'gave up forwarding a chat message to Telegram');
  }

  /**
   * One instance polls at a time (Telegram answers one getUpdates caller per bot): the holder
   * of the lease in worker_leases, renewed before each poll; the others wait and take it over
   * once it runs out, so every instance can carry the same configuration.
   */
  const holder = `telegram ${randomUUID()}`;
  let onStop = () => {};
  const whenStopped = new Promise<void>((resolve) => {
    onStop = resolve;
  });
  const leaseMs = (pollTimeoutS * 2 + 10) * 1000;
  async function holdsPollerLease(): Promise<boolean> {
    const now = Date.now();
    return takeLease(
      app.db.kysely,
      TELEGRAM_POLLER_LEASE,
      holder,
      new Date(now).toISOString(),
      new Date(now + leaseMs).toISOString(),
    );
  }

  async function poll() {
    let failures = 0;
    while (!stopped) {
      try {
        if (!(await holdsPollerLease())) {
          await Promise.race([sleep(leaseWaitMs), whenStopped]);
          continue;
        }
        const updates = await call<TelegramUpdate[]>('getUpdates', {
          offset,
          timeout: pollTimeoutS,
          allowed_updates: ['message'],
        });
        failures = 0;
        for (const update of updates) {
          offset = Math.max(offset, update.update_id + 1);
          await relayReply(update);
        }
      } catch (error) {
        if (stopped) return;
        failures += 1;
        app.log.warn({ err: error }, 'polling Telegram failed');
        await sleep(Math.min(retryBaseMs * 2 ** failures, 30_000));
      }
    }
  }

  async function relayReply(update: TelegramUpdate) {
    const message = update.message;
    if (!message) return;
    // Anyone can add the bot to a chat of their own: only the configured support chat speaks as support.
    if (String(message.chat?.id) !== String(chatId)) {
      app.log.warn({ chat: message.chat?.id }, 'Telegram update from another chat ignored');
      return;
    }
    const replyTo = message.reply_to_message?.message_id;
    const text = message.text?.trim();
    if (!replyTo || !text) return;
    const sessionId = await findSessionByExternalRef(app.db.kysely, String(replyTo));
    if (!sessionId) return;
    if (text.length > CHAT_MESSAGE_MAX_LENGTH) {
      await call('sendMessage', {
        chat_id: chatId,
        text: TELEGRAM_TOO_LONG,
        reply_to_message_id: message.message_id,
      }).catch((error) => app.log.warn({ err: error }, 'Telegram notice failed'));
      return;
    }
    const saved = await recordSupportMessage(
      app.db,
      { sessionId, message: text, externalRef: String(message.message_id) },
      FROM_TELEGRAM,
    );
    publish(app, saved.events);
  }

  // Only messages written on this instance are forwarded, so N instances don't send N copies.
  const removeForwarder = app.events.addForwarder((event) => {
    if (event.type === 'new-chat-message') queue(event.data as ChatMessagePayload);
  });
  const polling = poll();

  return async function stop() {
    stopped = true;
    onStop();
    removeForwarder();
    for (const batch of batches.values()) clearTimeout(batch.timer);
    controller.abort();
    await polling.catch(() => {});
    await dropLease(app.db.kysely, TELEGRAM_POLLER_LEASE, holder).catch(() => {});
  };
}
