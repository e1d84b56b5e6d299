import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { calendarDate } from '../../../shared/schemas/fields';
import { parseInput } from '../../http/errors';
import { exportOrderRecords } from './service';

const day = calendarDate();
const range = z
  .object({ from: day, to: day })
  .refine((r) => r.from <= r.to, { message: 'must not be before from', path: ['to'] });

const exportRoute = {
  config: { staffOnly: true, permission: 'audit' as const },
  schema: {
    response: {
      200: {
        description: 'the orders of the shop days from..to, one row per order',
        content: { 'text/csv': { schema: z.string() } },
      },
    },
  },
  serializerCompiler: () => (data: unknown) =>
    typeof data === 'string' ? data : JSON.stringify(data),
};

/** Records for the owner: GET /api/records/orders.csv?from=&to= (shop days). */
export async function recordsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/records/orders.csv', exportRoute, async (request, reply) => {
    const { from, to } = parseInput(range, request.query, 'Invalid date range');
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="canopy-orders-${from}-to-${to}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(await exportOrderRecords(app.db.kysely, from, to));
  });
}
