import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isDealerRoute } from '../auth/guard';
import { diffRows, rowBefore as findRow, record } from './service';

/** Which table a back-office route changes, by its path. */
const TABLES: [prefix: string, table: string][] = [
  ['/api/products', 'products'],
  ['/api/categories', 'categories'],
  ['/api/promotions', 'promotions'],
  ['/api/orders', 'orders'],
  ['/api/deliveries', 'orders'],
  ['/api/schedule-slots', 'schedule_slots'],
  ['/api/dealer-settings', 'dealer_settings'],
  ['/api/store-profile', 'store_profile'],
  ['/api/delivery-zones', 'delivery_zones'],
  ['/api/contact-messages', 'contact_messages'],
  ['/api/staff', 'users'],
  ['/api/chat/sessions', 'chat_sessions'],
  ['/api/upload', 'media'],
];
/** Tables of one row: every change is to row 1. */
const SINGLE_ROW = new Set(['dealer_settings', 'store_profile']);
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** the row as it was before this back-office write */
    auditBefore?: Record<string, unknown>;
  }
}

function tableFor(url: string): string | null {
  return TABLES.find(([prefix]) => url === prefix || url.startsWith(`${prefix}/`))?.[1] ?? null;
}

function rowIdOf(request: FastifyRequest, table: string | null): string | number | null {
  if (table && SINGLE_ROW.has(table)) return 1;
  const params = request.params as { id?: number; sessionId?: string } | undefined;
  return params?.id ?? params?.sessionId ?? null;
}

/** A created row's id, from the answer that returned it. */
function createdId(payload: unknown): number | null {
  if (typeof payload !== 'string') return null;
  try {
    const id = (JSON.parse(payload) as { id?: unknown }).id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

function hooksOf<T>(existing: T | readonly T[] | undefined): T[] {
  if (existing === undefined) return [];
  return Array.isArray(existing) ? [...existing] : [existing as T];
}

/**
 * The audit trail (issue 17 §5): every back-office write that succeeds adds who, what
 * (the table, the row, each changed column from -> to), when and from where. Attached to
 * the routes as they are added, like the guard, so a new route is recorded without asking.
 * The entry is written before the answer leaves, so whoever reads the log next sees it.
 */
export const auditTrail = fp(async (app: FastifyInstance) => {
  const db = app.db.kysely;
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (!isDealerRoute(route) || methods.every((m) => READ_METHODS.has(m))) return;
    if (route.config?.auditedByService) return;
    const table = tableFor(route.url);
    const loadRow = (id: string | number | null) =>
      table && table !== 'media' && id !== null ? findRow(db, table, id) : undefined;

    route.preHandler = [
      ...hooksOf(route.preHandler),
      async (request: FastifyRequest) => {
        request.auditBefore = await loadRow(rowIdOf(request, table));
      },
    ];
    route.onSend = [
      ...hooksOf(route.onSend),
      async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (reply.statusCode >= 400 || !request.dealer) return payload;
        const id = rowIdOf(request, table) ?? createdId(payload);
        try {
          await record(db, {
            staff: request.dealer,
            action: `${request.method} ${route.url}`,
            entity: table ?? route.url,
            entityId: id,
            changes: diffRows(request.auditBefore, await loadRow(id)),
            address: request.ip,
          });
        } catch (error) {
          request.log.error({ err: error }, 'audit entry not written');
        }
        return payload;
      },
    ];
  });
});
