import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { calendarDate } from '../../../shared/schemas/fields';
import { parseInput } from '../../http/errors';
import { csvDownloadRoute, sendCsvDownload } from '../../http/spreadsheet-csv';
import { exportOrderRecords } from './service';

const day = calendarDate();
const range = z
  .object({ from: day, to: day })
  .refine((r) => r.from <= r.to, { message: 'must not be before from', path: ['to'] });

const exportRoute = csvDownloadRoute(
  { staffOnly: true, permission: 'audit' as const },
  'the orders of the shop days from..to, one row per order',
);

/** Records for the owner: GET /api/records/orders.csv?from=&to= (shop days). */
export async function recordsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/records/orders.csv', exportRoute, async (request, reply) => {
    const { from, to } = parseInput(range, request.query, 'Invalid date range');
    const csv = await exportOrderRecords(app.db.kysely, from, to);
    return sendCsvDownload(reply, `canopy-orders-${from}-to-${to}.csv`, csv);
  });
}
