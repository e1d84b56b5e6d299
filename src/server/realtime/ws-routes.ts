import type { IncomingMessage } from 'node:http';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../shared/constants';
import type { ServerMessageMap } from '../../shared/events';
import {
  CLIENT_MESSAGE_SCHEMAS,
  type ClientMessageData,
  type ClientMessageType,
  isClientMessageType,
} from '../../shared/socket-messages';
import type { Outcome } from '../events/bus';
import { publish } from '../events/publish';
import { HttpError, pathToNul } from '../http/errors';
import { comesFromAnotherSite } from '../http/same-origin';
import { DEALER_COOKIE } from '../modules/auth/guard';
import { liveSessionIds, staffSessionForToken } from '../modules/auth/service';
import { listCategories } from '../modules/categories/service';
import { CHAT_SLOW_DOWN, createChatFloodGuard } from '../modules/chat/flood-guard';
import {
  chatHistory,
  currentChatSessionOf,
  deleteExpiredChatSessions,
  isChatSessionOf,
  newChatSessionId,
  recordShopperMessage,
  recordSupportMessage,
  saveContactInfo,
} from '../modules/chat/service';
import { CONTACT_INCOMPLETE, CONTACT_RATE_LIMITED } from '../modules/contact/limiter';
import { listDeliveries } from '../modules/deliveries/service';
import { listOrders } from '../modules/orders/service';
import {
  newShopperId,
  SHOPPER_COOKIE,
  shopperCookieOptions,
  shopperIdOf,
} from '../modules/orders/shopper-cookie';
import { listActivePromotions, listPromotions } from '../modules/promotions/service';
import { listScheduleSlots } from '../modules/scheduling/service';
import { getDealerSettings } from '../modules/settings/service';
import { type Client, createHub, staffMay } from './hub';
import { onSocketError } from './socket-errors';
import { createAddressSlots, createSyncProductsBucket, createTokenBucket } from './socket-limits';

export const MAX_MESSAGE_BYTES = 64 * 1024;
const HEARTBEAT_MS = 30_000;
const CHAT_EXPIRY_CHECK_MS = 60 * 60 * 1000;
/** How often dealer sockets are checked against the sessions table (password resets from `npm run dealer`). */
export const DEALER_RECHECK_MS = 5_000;

const envelope = z.object({ type: z.string().min(1).max(64), data: z.unknown().optional() });

const INIT_PREFIX = Buffer.from('{"type":"init","data":{"products":');
const PRODUCTS_UPDATED_PREFIX = Buffer.from('{"type":"products-updated","data":');
const CLOSING_BRACE = Buffer.from('}');

/**
 * The real-time channel of spec §7. Everyone gets catalog changes; orders go
 * to dealers and to the shopper who placed them; chat stays in its session
 * and the dealers' inbox. Floods, oversized frames and sockets that stop
 * reading are closed; a dealer socket stops being one when its session ends.
 */
export async function realtimeRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const hub = createHub({
    onSlowConsumer: () => app.log.warn('websocket not reading: closed past its send buffer cap'),
  });
  /** per socket: queue a fresh init (after its dealer session ended) */
  const resyncs = new WeakMap<Client, () => void>();
  app.decorate('hub', hub);
  app.events.subscribe((event) => {
    if (event.type === 'dealer-sessions-ended')
      endDealerSessions(new Set((event.data as { sessionIds: string[] }).sessionIds));
    hub.deliver(event);
  });
  await app.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    errorHandler: onSocketError,
    // Shutting down: 1001 (going away) and the browser reconnects, to the next instance.
    preClose(done) {
      for (const socket of this.websocketServer.clients) socket.close(1001, 'Server restarting');
      this.websocketServer.close();
      done();
    },
  });

  // A shopper without a cookie gets one with the upgrade, so the chat session issued to them stays theirs.
  const mintedShoppers = new WeakMap<IncomingMessage, { id: string; secure: boolean }>();
  app.websocketServer.on('headers', (headers: string[], raw: IncomingMessage) => {
    const minted = mintedShoppers.get(raw);
    if (minted)
      headers.push(
        `Set-Cookie: ${app.serializeCookie(SHOPPER_COOKIE, minted.id, shopperCookieOptions(minted.secure))}`,
      );
  });
  const addressSlots = createAddressSlots(app.config.WS_SOCKETS_PER_ADDRESS);
  const chatFlood = createChatFloodGuard(app.counters, app.config);

  const timers = [
    setInterval(() => hub.heartbeat(), HEARTBEAT_MS),
    setInterval(() => {
      deleteExpiredChatSessions(db).catch((error) =>
        app.log.warn({ err: error }, 'chat expiry failed'),
      );
    }, CHAT_EXPIRY_CHECK_MS),
    setInterval(() => {
      recheckDealerSockets().catch((error) =>
        app.log.warn({ err: error }, 'dealer session re-check failed'),
      );
    }, DEALER_RECHECK_MS),
  ];
  for (const timer of timers) timer.unref();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    for (const client of hub.clients) client.socket.terminate();
  });

  function endDealerSession(client: Client, reason: string) {
    if (!client.staff) return;
    client.staff = null;
    app.log.info({ reason }, 'dealer socket downgraded to shopper');
    resyncs.get(client)?.();
  }

  function endDealerSessions(sessionIds: ReadonlySet<string>) {
    for (const client of hub.clients)
      if (client.staff && sessionIds.has(client.staff.sessionId))
        endDealerSession(client, 'logged out');
  }

  /** Logouts on any instance arrive on the bus; resets and expiry are found here. */
  async function recheckDealerSockets() {
    const dealers = [...hub.clients].filter((c) => c.staff);
    if (dealers.length === 0) return;
    const live = await liveSessionIds(db, [...new Set(dealers.map((c) => c.staff!.sessionId))]);
    for (const client of dealers)
      if (client.staff && !live.has(client.staff.sessionId))
        endDealerSession(client, 'session ended');
  }

  /** Re-read before anything only a dealer may do: the session may have ended a moment ago. */
  async function isStillStaff(client: Client): Promise<boolean> {
    if (!client.staff) return false;
    const live = await liveSessionIds(db, [client.staff.sessionId]);
    if (client.staff && live.has(client.staff.sessionId)) return true;
    endDealerSession(client, 'session ended');
    return false;
  }

  app.get(
    '/ws',
    {
      websocket: true,
      onRequest: async (request) => {
        if (comesFromAnotherSite(request))
          throw new HttpError(403, {
            error: 'Cross-site WebSocket refused',
            code: 'CROSS_SITE_WEBSOCKET',
          });
        const address = request.ip;
        if (!addressSlots.reserve(address))
          throw new HttpError(429, {
            error: 'Too many open connections from your address',
            code: 'TOO_MANY_WEBSOCKETS',
          });
        request.raw.socket.once('close', () => addressSlots.release(address));
        if (!shopperIdOf(request))
          mintedShoppers.set(request.raw, {
            id: newShopperId(),
            secure: request.protocol === 'https',
          });
      },
    },
    async (socket: WebSocket, request: FastifyRequest) => {
      const client: Client = {
        socket,
        staff: null,
        shopperId: shopperIdOf(request) ?? mintedShoppers.get(request.raw)?.id ?? null,
        chatSessionId: null,
        alive: true,
      };
      const flood = createTokenBucket();
      // Each answer that reads a list is throttled alike: a few in a burst, then one per 5 s.
      const productSyncs = createSyncProductsBucket();
      const orderChecks = createSyncProductsBucket();
      const slotFetches = createSyncProductsBucket();
      const pending: Buffer[] = [];
      let ready = false;
      // One message at a time per socket, in arrival order (a reply and its duplicate must not race).
      let queue: Promise<void> = Promise.resolve();
      const run = (task: () => Promise<void>) => {
        queue = queue.then(task).catch((error) => {
          request.log.error({ err: error }, 'websocket task failed');
        });
      };
      const enqueue = (raw: Buffer) => run(() => handle(raw));
      resyncs.set(client, () => run(sendInit));

      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => hub.remove(client));
      socket.on('error', (error) => request.log.debug({ err: error }, 'socket error'));
      socket.on('message', (raw: Buffer) => {
        if (!flood.take()) {
          request.log.warn('websocket flood: closing socket');
          socket.close(1008, 'Too many messages');
          return;
        }
        if (ready) enqueue(raw);
        else pending.push(raw);
      });

      try {
        const session = await staffSessionForToken(db, request.cookies[DEALER_COOKIE]);
        if (session)
          client.staff = {
            sessionId: session.sessionId,
            expiresAt: session.expiresAt.getTime(),
            role: session.role,
            userId: session.userId,
            username: session.username,
          };
        client.chatSessionId =
          (client.shopperId && (await currentChatSessionOf(db, client.shopperId))) ||
          newChatSessionId();
        hub.add(client);
        await sendInit();
      } catch (error) {
        request.log.error({ err: error }, 'websocket init failed');
        socket.close(1011, 'Server error');
        return;
      }
      ready = true;
      for (const raw of pending.splice(0)) enqueue(raw);

      /** Staff who read orders get them all, a driver their stops, a shopper their own. */
      function initialOrders(client: Client) {
        if (staffMay(client, 'orders.read')) return listOrders(db);
        if (staffMay(client, 'deliveries')) return listDeliveries(db, client.staff!.userId);
        if (client.shopperId) return listOrders(db, { shopperId: client.shopperId });
        return Promise.resolve([]);
      }

      async function sendInit() {
        // A dealer whose session just ended gets the shopper's init from endDealerSession instead.
        if (client.staff && !(await isStillStaff(client))) return;
        // The product list comes serialised from the shared cache (built once per change), not
        // re-read and re-serialised per socket: 1,000 sockets connecting at once over 2,000 products
        // took a minute and exhausted the PostgreSQL pool (init failed with 1011).
        const [productsCached, categories, promotions, orders, scheduleSlots, dealerSettings] =
          await Promise.all([
            app.productListCache.get(),
            listCategories(db),
            staffMay(client, 'promotions') ? listPromotions(db) : listActivePromotions(db),
            initialOrders(client),
            listScheduleSlots(db),
            getDealerSettings(db),
          ]);
        const rest = JSON.stringify({
          categories,
          promotions,
          orders,
          scheduleSlots,
          dealerSettings,
          sessionId: client.chatSessionId!,
        } satisfies Omit<ServerMessageMap['init'], 'products'>);
        // The cached bytes themselves, not a copy per socket (a megabyte with 2,000 products).
        hub.sendFragments(client, [
          INIT_PREFIX,
          productsCached.identity,
          Buffer.from(`,${rest.slice(1)}}`),
        ]);
      }

      /** The session issued to this socket, or one the server bound to this shopper's cookie. */
      async function mayUseChatSession(sessionId: string): Promise<boolean> {
        if (sessionId === client.chatSessionId) return true;
        if (await isChatSessionOf(db, sessionId, client.shopperId)) return true;
        request.log.warn('chat session of another shopper refused');
        return false;
      }

      async function handle(raw: Buffer) {
        let message: z.infer<typeof envelope>;
        try {
          message = envelope.parse(JSON.parse(raw.toString('utf8')));
        } catch {
          request.log.warn('unparseable websocket message ignored');
          return;
        }
        const { type, data } = message;
        if (pathToNul(data)) {
          request.log.warn({ type }, 'websocket message with a NUL character ignored');
          return;
        }
        if (!isClientMessageType(type)) {
          request.log.debug({ type }, 'unknown websocket message ignored');
          return;
        }
        try {
          await dispatch(type, data);
        } catch (error) {
          request.log.error({ err: error, type }, 'websocket message failed');
        }
      }

      async function dispatch<K extends ClientMessageType>(type: K, data: unknown) {
        const parsed = CLIENT_MESSAGE_SCHEMAS[type].safeParse(data);
        if (!parsed.success) {
          request.log.warn({ type }, 'websocket message with an invalid payload refused');
          refusals[type]?.();
          return;
        }
        const handler = handlers[type] as (data: ClientMessageData<K>) => Promise<void> | void;
        await handler(parsed.data as ClientMessageData<K>);
      }

      /** What the sender is told when its message does not parse (the others are only logged). */
      const refusals: Partial<Record<ClientMessageType, () => void>> = {
        'contact-info': () =>
          hub.send(client, 'contact-received', { ok: false, error: CONTACT_INCOMPLETE }),
        'support-response': refuseSupportMessage,
        'dealer-response': refuseSupportMessage,
      };

      function refuseSupportMessage() {
        request.log.error(
          `support message refused: it must be text of 1 to ${CHAT_MESSAGE_MAX_LENGTH} characters`,
        );
      }

      const noted = (data: unknown) => {
        request.log.debug({ data }, 'websocket notice noted');
      };

      /** One handler per client message (spec §7); the payload has passed its schema. */
      const handlers: { [K in ClientMessageType]: (data: ClientMessageData<K>) => unknown } = {
        'sync-products': syncProducts,
        'check-orders': checkOrders,
        'fetch-schedule-slots': async () => {
          if (!slotFetches.take()) return;
          hub.send(client, 'schedule-slots', await listScheduleSlots(db));
        },
        'restore-session': restoreSession,
        'session-restored': restoreSession,
        'chat-message': shopperMessage,
        'new-chat-message': shopperMessage,
        'support-response': supportResponse,
        'dealer-response': supportResponse,
        'contact-info': contact,
        // Informational: the REST calls made the change and published it.
        'add-to-cart': noted,
        'remove-from-cart': noted,
        'schedule-slot-created': noted,
        'schedule-slot-deleted': noted,
        'dealer-settings-updated': noted,
      };

      async function syncProducts() {
        if (!productSyncs.take()) {
          request.log.debug('sync-products over its rate ignored');
          return;
        }
        const cached = await app.productListCache.get();
        hub.sendFragments(client, [PRODUCTS_UPDATED_PREFIX, cached.identity, CLOSING_BRACE]);
      }

      async function checkOrders() {
        if (!orderChecks.take()) return;
        // a dealer whose session just ended gets the shopper's init from endDealerSession instead
        if (client.staff && !(await isStillStaff(client))) return;
        hub.send(client, 'orders', await initialOrders(client));
      }

      async function restoreSession({ sessionId }: ClientMessageData<'restore-session'>) {
        if (!(await mayUseChatSession(sessionId))) return;
        client.chatSessionId = sessionId;
        hub.send(client, 'session-restored', {
          sessionId,
          chatHistory: await chatHistory(db, sessionId),
        });
      }

      async function shopperMessage(message: ClientMessageData<'chat-message'>) {
        const sessionId = message.sessionId ?? client.chatSessionId!;
        if (!(await mayUseChatSession(sessionId))) return;
        const wait = await chatFlood.admit(db, {
          sessionId,
          shopperId: client.shopperId,
          ip: request.ip,
        });
        if (wait > 0) {
          request.log.warn('chat message over the chat rate limit refused');
          hub.send(client, 'message-received', {
            ok: false,
            error: CHAT_SLOW_DOWN,
            retryAfter: wait,
          });
          return;
        }
        await acceptIntoChat(sessionId, 'message-received', (sender) =>
          recordShopperMessage(db, { ...message, ...sender }),
        );
      }

      async function supportResponse(reply: ClientMessageData<'support-response'>) {
        if (!(await isStillStaff(client)) || !staffMay(client, 'support')) return;
        const { userId, username, role } = client.staff!;
        const actor = { staff: { userId, username, role }, address: request.ip };
        const saved = await recordSupportMessage(app.db, reply, actor);
        publish(app, saved.events);
      }

      async function contact(info: ClientMessageData<'contact-info'>) {
        const sessionId = info.sessionId ?? client.chatSessionId!;
        if (!(await mayUseChatSession(sessionId))) return;
        if ((await app.contactLimiter.take(request.ip)) > 0) {
          request.log.warn('contact-info over the contact rate limit refused');
          hub.send(client, 'contact-received', { ok: false, error: CONTACT_RATE_LIMITED.error });
          return;
        }
        await acceptIntoChat(sessionId, 'contact-received', (sender) =>
          saveContactInfo(db, { ...info, ...sender }),
        );
      }

      /** What the shopper sent, let in: the socket joins the chat, stores it, publishes it, says ok. */
      async function acceptIntoChat(
        sessionId: string,
        acknowledgement: 'message-received' | 'contact-received',
        store: (sender: ChatSender) => Promise<Outcome<unknown>>,
      ) {
        client.chatSessionId = sessionId;
        const saved = await store({ sessionId, shopperId: client.shopperId });
        publish(app, saved.events);
        hub.send(client, acknowledgement, { ok: true });
      }
    },
  );
}

/** Who sent a shopper's chat message or contact details: the chat, and the shopper's cookie. */
type ChatSender = { sessionId: string; shopperId: string | null };

declare module 'fastify' {
  interface FastifyInstance {
    hub: ReturnType<typeof createHub>;
  }
}
