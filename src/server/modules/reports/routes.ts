import { z } from 'zod';
import {
  salesReportQuerySchema,
  salesReportResponse,
  salesTableQuerySchema,
  taxReportQuerySchema,
  taxReportResponse,
} from '../../../shared/reports';
import { parseInput, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { salesReport, salesTableCsv, taxReport, taxTableCsv } from './service';

const csvResponse = {
  200: {
    description: 'the table beside one of the report’s charts',
    content: { 'text/csv': { schema: z.string() } },
  },
};
const sendsText = () => (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));

/** The owner's sales and tax reports, and each of their tables as a CSV. */
export async function reportRoutes(app: ApiApp): Promise<void> {
  const config = { staffOnly: true, permission: 'reports' as const };
  const salesQuery = withSummary(salesReportQuerySchema, 'Invalid report period');
  const taxQuery = withSummary(taxReportQuerySchema, 'Invalid tax period');
  const timeZone = app.config.SHOP_TIMEZONE;

  app.get(
    '/api/reports/sales',
    { config, schema: { querystring: salesQuery, response: { 200: salesReportResponse } } },
    async (request, reply) => {
      const { from, to, compare } = request.query;
      reply.header('cache-control', 'no-store');
      return salesReport(app.db, { from, to }, compare !== 'false', timeZone);
    },
  );

  app.get(
    '/api/reports/sales.csv',
    {
      config,
      schema: { querystring: salesQuery.and(salesTableQuerySchema), response: csvResponse },
      serializerCompiler: sendsText,
    },
    async (request, reply) => {
      const { from, to, compare } = request.query;
      const { table } = parseInput(salesTableQuerySchema, request.query, 'Invalid report table');
      const report = await salesReport(app.db, { from, to }, compare !== 'false', timeZone);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="canopy-${table}-${from}-to-${to}.csv"`,
        )
        .header('Cache-Control', 'no-store')
        .send(salesTableCsv(report, table));
    },
  );

  app.get(
    '/api/reports/taxes',
    { config, schema: { querystring: taxQuery, response: { 200: taxReportResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return taxReport(app.db, request.query.period, timeZone);
    },
  );

  app.get(
    '/api/reports/taxes.csv',
    {
      config,
      schema: { querystring: taxQuery, response: csvResponse },
      serializerCompiler: sendsText,
    },
    async (request, reply) => {
      const { period } = request.query;
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="canopy-taxes-${period}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(taxTableCsv(await taxReport(app.db, period, timeZone)));
    },
  );
}
