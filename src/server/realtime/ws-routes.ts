import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { ServerMessageMap } from '../../shared/events';
import { SIMPLE_EMAIL } from '../../shared/schemas';
import { currentDealer } from '../modules/auth/guard';
import { listCategories, listProducts } from '../modules/catalog/service';
import {
  CHAT_SESSION_ID,
  chatHistory,
  deleteExpiredChatSessions,
  recordShopperMessage,
  recordSupportMessage,
  saveContactInfo,
} from '../modules/chat/service';
import { listOrders } from '../modules/orders/service';
import { shopperIdOf } from '../modules/orders/shopper-cookie';
import { listPromotions } from '../modules/promotions/service';
import { getDealerSettings, listScheduleSlots } from '../modules/scheduling/service';
import { type Client, createHub } from './hub';
import { createTokenBucket } from './rate-limit';

export const MAX_MESSAGE_BYTES = 64 * 1024;
const HEARTBEAT_MS = 30_000;
const CHAT_EXPIRY_CHECK_MS = 60 * 60 * 1000;

const envelope = z.object({ type: z.string().min(1).max(64), data: z.unknown().optional() });
const sessionRef = z.object({ sessionId: z.string().regex(CHAT_SESSION_ID) });
// Short enough that a chat event always fits in one PostgreSQL NOTIFY payload.
const chatText = z.string().trim().min(1).max(1500);
const shopperChat = z.object({
  sessionId: z.string().regex(CHAT_SESSION_ID),
  message: chatText,
  name: z.string().trim().max(120).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(40).optional(),
});
const supportReply = z.object({
  sessionId: z.string().regex(CHAT_SESSION_ID),
  message: z.unknown(),
});
const contactInfo = z.object({
  sessionId: z.string().regex(CHAT_SESSION_ID).optional(),
  name: z.string().trim().min(1).max(120),
  email: z.string().trim().regex(SIMPLE_EMAIL).max(254),
  phone: z.string().trim().min(1).max(40),
  message: z.string().trim().max(5000).default(''),
  timestamp: z.string().optional(),
});

/**
 * The real-time channel of spec §7. Everyone gets catalog changes; orders go
 * to dealers and to the shopper who placed them; chat stays in its session
 * and the dealers' inbox. Floods and oversized frames close the socket.
 */
const INIT_PREFIX = Buffer.from('{"type":"init","data":{"products":');

export async function realtimeRoutes(app: FastifyInstance): Promise<void> {
  const hub = createHub();
  app.decorate('hub', hub);
  app.events.subscribe((event) => hub.deliver(event));
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  const heartbeat = setInterval(() => hub.heartbeat(), HEARTBEAT_MS);
  const chatExpiry = setInterval(() => {
    deleteExpiredChatSessions(app.db.kysely).catch((error) =>
      app.log.warn({ err: error }, 'chat expiry failed'),
    );
  }, CHAT_EXPIRY_CHECK_MS);
  heartbeat.unref();
  chatExpiry.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(chatExpiry);
    for (const client of hub.clients) client.socket.terminate();
  });

  app.get('/ws', { websocket: true }, async (socket: WebSocket, request: FastifyRequest) => {
    const client: Client = {
      socket,
      isDealer: false,
      shopperId: shopperIdOf(request),
      chatSessionId: null,
      alive: true,
    };
    const bucket = createTokenBucket();
    const pending: Buffer[] = [];
    let ready = false;
    // One message at a time per socket, in arrival order (a reply and its duplicate must not race).
    let queue: Promise<void> = Promise.resolve();
    const enqueue = (raw: Buffer) => {
      queue = queue.then(() => handle(raw));
    };

    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => hub.remove(client));
    socket.on('error', (error) => request.log.debug({ err: error }, 'socket error'));
    socket.on('message', (raw: Buffer) => {
      if (!bucket.take()) {
        request.log.warn('websocket flood: closing socket');
        socket.close(1008, 'Too many messages');
        return;
      }
      if (ready) enqueue(raw);
      else pending.push(raw);
    });

    try {
      client.isDealer = Boolean(await currentDealer(app, request));
      hub.add(client);
      await sendInit();
    } catch (error) {
      request.log.error({ err: error }, 'websocket init failed');
      socket.close(1011, 'Server error');
      return;
    }
    ready = true;
    for (const raw of pending.splice(0)) enqueue(raw);

    async function sendInit() {
      const db = app.db.kysely;
      // The product list comes serialised from the shared cache (built once per change), not
      // re-read and re-serialised per socket: 1,000 sockets connecting at once over 2,000 products
      // took a minute and exhausted the PostgreSQL pool (init failed with 1011).
      const [productsCached, categories, promotions, orders, scheduleSlots, dealerSettings] =
        await Promise.all([
          app.productListCache.get(),
          listCategories(db),
          listPromotions(db),
          client.isDealer
            ? listOrders(db)
            : client.shopperId
              ? listOrders(db, client.shopperId)
              : Promise.resolve([]),
          listScheduleSlots(db),
          getDealerSettings(db),
        ]);
      const rest = JSON.stringify({
        categories,
        promotions,
        orders,
        scheduleSlots,
        dealerSettings,
        sessionId: client.chatSessionId,
      } satisfies Omit<ServerMessageMap['init'], 'products'>);
      // The cached bytes themselves, not a copy per socket (a megabyte with 2,000 products).
      hub.sendFragments(client, [
        INIT_PREFIX,
        productsCached.identity,
        Buffer.from(`,${rest.slice(1)}}`),
      ]);
    }

    async function handle(raw: Buffer) {
      let message: z.infer<typeof envelope>;
      try {
        message = envelope.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        request.log.warn('unparseable websocket message ignored');
        return;
      }
      try {
        await dispatch(message.type, message.data);
      } catch (error) {
        request.log.error({ err: error, type: message.type }, 'websocket message failed');
      }
    }

    async function dispatch(type: string, data: unknown) {
      const db = app.db.kysely;
      switch (type) {
        case 'sync-products':
          hub.send(client, 'products-updated', await listProducts(db));
          return;
        case 'check-orders':
        case 'fetch-schedule-slots':
          await sendInit();
          return;
        case 'restore-session':
        case 'session-restored': {
          const parsed = sessionRef.safeParse(data);
          if (!parsed.success) return;
          client.chatSessionId = parsed.data.sessionId;
          hub.send(client, 'session-restored', {
            sessionId: parsed.data.sessionId,
            chatHistory: await chatHistory(db, parsed.data.sessionId),
          });
          return;
        }
        case 'chat-message':
        case 'new-chat-message': {
          const parsed = shopperChat.safeParse(data);
          if (!parsed.success) return;
          client.chatSessionId = parsed.data.sessionId;
          const saved = await recordShopperMessage(db, {
            ...parsed.data,
            shopperId: client.shopperId,
          });
          app.events.publish('new-chat-message', saved, { chatSessionId: saved.sessionId });
          hub.send(client, 'message-received', { ok: true });
          return;
        }
        case 'support-response':
        case 'dealer-response': {
          if (!client.isDealer) return;
          const parsed = supportReply.safeParse(data);
          if (
            !parsed.success ||
            typeof parsed.data.message !== 'string' ||
            !parsed.data.message.trim()
          ) {
            request.log.error({ data }, 'support message without a string message rejected');
            return;
          }
          const saved = await recordSupportMessage(db, {
            sessionId: parsed.data.sessionId,
            message: parsed.data.message.trim(),
          });
          if (saved)
            app.events.publish('support-response', saved, { chatSessionId: saved.sessionId });
          return;
        }
        case 'contact-info': {
          const parsed = contactInfo.safeParse(data);
          if (!parsed.success) return;
          const sessionId = parsed.data.sessionId ?? client.chatSessionId;
          if (!sessionId) return;
          await saveContactInfo(db, { ...parsed.data, sessionId, shopperId: client.shopperId });
          const { name, email, phone } = parsed.data;
          app.events.publish(
            'new-customer-contact',
            { name, email, phone, sessionId },
            { chatSessionId: sessionId },
          );
          hub.send(client, 'contact-received', { ok: true });
          return;
        }
        default:
          // add-to-cart, remove-from-cart and the dealer's own change notices are informational: the REST calls publish.
          request.log.debug({ type }, 'websocket message noted');
      }
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    hub: ReturnType<typeof createHub>;
  }
}
