import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { EVENT_POLICY } from '../../shared/event-policy';
import type { BusEvent } from '../events/bus';
import { findProduct, listProducts } from '../modules/catalog/service';
import { listCategories } from '../modules/categories/service';
import { findOrder } from '../modules/orders/service';
import { listPromotions } from '../modules/promotions/service';
import { listScheduleSlots } from '../modules/scheduling/service';
import { getDealerSettings } from '../modules/settings/service';
import { deleteBusPayloadsBefore, findBusPayload, insertBusPayload, notifyInOrder } from './repo';

/**
 * NOTIFY reaches every session of the database, whatever its schema, so instances working in
 * another schema (each test file has its own) must not share the channel: they would hear
 * changes to data they do not hold.
 */
const eventChannel = (schema?: string) => (schema ? `canopy_events_${schema}` : 'canopy_events');
/** NOTIFY payloads must stay under 8000 bytes; bigger events travel as a reference and are re-read. */
const MAX_INLINE_BYTES = 7000;
const MAX_NOTIFY_BATCH = 200;

interface Envelope extends Omit<BusEvent, 'data'> {
  origin: string;
  data?: unknown;
  /** id of what the event is about, re-read by the receivers */
  ref?: number;
  /** row of bus_payloads holding the whole envelope */
  stored?: number;
}

/** Stored payloads are read within moments; older rows are swept when the next one is stored. */
const STORED_PAYLOAD_LIFETIME_MS = 10 * 60 * 1000;

/**
 * Carries bus events between instances sharing one PostgreSQL database, so a
 * change made on one instance reaches the sockets of every other.
 */
export async function startPgBridge(
  app: FastifyInstance,
  connectionString: string,
  schema?: string,
) {
  const origin = randomUUID();
  const channel = eventChannel(schema);
  let listener: pg.Client | null = null;
  let stopped = false;
  let retryMs = 500;
  let receiving: Promise<void> = Promise.resolve();

  const connectListener = async () => {
    const client = new pg.Client({
      connectionString,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    client.on('notification', (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      const payload = msg.payload;
      // One at a time: an event that must be read back first still reaches the hub in publish order.
      receiving = receiving.then(() => receive(payload));
    });
    client.on('error', (error) => {
      app.log.warn({ err: error }, 'event listener connection lost; reconnecting');
      scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN "${channel}"`);
    listener = client;
    retryMs = 500;
  };

  const scheduleReconnect = () => {
    listener?.end().catch(() => {});
    listener = null;
    if (stopped) return;
    setTimeout(() => {
      if (!stopped) connectListener().catch(scheduleReconnect);
    }, retryMs).unref();
    retryMs = Math.min(retryMs * 2, 10_000);
  };

  async function receive(payload: string) {
    try {
      let envelope = JSON.parse(payload) as Envelope;
      if (envelope.origin === origin) return;
      if (envelope.stored !== undefined) {
        const stored = await findBusPayload(app.db.kysely, envelope.stored);
        if (stored === undefined) throw new Error(`stored event ${envelope.stored} is gone`);
        envelope = JSON.parse(stored) as Envelope;
      }
      const data = 'data' in envelope ? envelope.data : await reload(app, envelope);
      if (data === undefined) return;
      app.events.deliverRemote({
        type: envelope.type,
        data,
        shopperId: envelope.shopperId,
        chatSessionId: envelope.chatSessionId,
        driverIds: envelope.driverIds,
      } as BusEvent);
    } catch (error) {
      app.log.warn({ err: error }, 'remote event dropped');
    }
  }

  // Events published in the same turn of the event loop share one NOTIFY transaction:
  // each pg_notify otherwise costs a commit of its own, as many as the orders themselves.
  // A stored event's payload is known once its row is written; batches go out one after another.
  const pending: (string | Promise<string | null>)[] = [];
  let sending: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = pending.splice(0, MAX_NOTIFY_BATCH);
    if (pending.length > 0) setImmediate(flush);
    sending = sending.then(async () => {
      try {
        const payloads = (await Promise.all(batch)).filter((p): p is string => p !== null);
        await notifyInOrder(app.db.kysely, channel, payloads);
      } catch (error) {
        app.log.warn({ err: error }, 'event forwarding failed');
      }
    });
  };

  async function store(envelope: string, type: string): Promise<string | null> {
    const now = new Date();
    const id = await insertBusPayload(app.db.kysely, envelope, now.toISOString()).catch((error) => {
      app.log.warn({ err: error, type }, 'storing a large event failed; not forwarded');
      return null;
    });
    if (id === null) return null;
    app.log.info(
      { type, bytes: Buffer.byteLength(envelope), id },
      'event over the NOTIFY size limit sent through bus_payloads',
    );
    const cutoff = new Date(now.getTime() - STORED_PAYLOAD_LIFETIME_MS).toISOString();
    deleteBusPayloadsBefore(app.db.kysely, cutoff).catch((error) =>
      app.log.warn({ err: error }, 'sweeping stored events failed'),
    );
    return JSON.stringify({ origin, type, stored: id });
  }

  const removeForwarder = app.events.addForwarder((event) => {
    const base = {
      origin,
      type: event.type,
      shopperId: event.shopperId ?? null,
      chatSessionId: event.chatSessionId ?? null,
      ...(event.driverIds?.length ? { driverIds: event.driverIds } : {}),
    };
    let payload: string | Promise<string | null> = JSON.stringify({ ...base, data: event.data });
    if (Buffer.byteLength(payload) > MAX_INLINE_BYTES) {
      const id = (event.data as { id?: number }).id;
      payload =
        EVENT_POLICY[event.type].oversized === 'reread'
          ? JSON.stringify({ ...base, ref: typeof id === 'number' ? id : undefined })
          : store(payload, event.type);
    }
    if (pending.push(payload) === 1) setImmediate(flush);
  });

  await connectListener();
  app.addHook('onClose', async () => {
    stopped = true;
    removeForwarder();
    await listener?.end().catch(() => {});
  });
}

/** Re-reads what an event by reference points at; lists are re-read whole. */
async function reload(app: FastifyInstance, envelope: Envelope): Promise<unknown> {
  const db = app.db.kysely;
  const id = envelope.ref;
  switch (envelope.type) {
    case 'products-updated':
      return listProducts(db);
    case 'featured-products-updated':
      return (await listProducts(db)).filter((p) => p.featured);
    case 'categories-updated':
      return listCategories(db);
    case 'dealer-settings-updated':
      return getDealerSettings(db);
    case 'product-created':
    case 'product-updated':
      return id === undefined ? undefined : findProduct(db, id);
    case 'order-created':
    case 'order-updated':
      return id === undefined ? undefined : findOrder(db, id).catch(() => undefined);
    case 'category-created':
    case 'category-updated':
      return (await listCategories(db)).find((c) => c.id === id);
    case 'promotion-created':
    case 'promotion-updated':
      return (await listPromotions(db)).find((p) => p.id === id);
    case 'schedule-slot-created':
    case 'schedule-slot-updated':
      return (await listScheduleSlots(db)).find((s) => s.id === id);
    default:
      return id === undefined ? undefined : { id };
  }
}
