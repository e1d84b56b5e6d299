import { type Options, stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Every CSV the shop hands out goes through here: a cell that a spreadsheet would run as a
 * formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with `'`, so a
 * customer named `=HYPERLINK(...)` is text in Excel, not a link.
 */
export function spreadsheetCsv(
  records: unknown[],
  options: Omit<Options, 'escape_formulas'> = {},
): string {
  return stringify(records, { ...options, escape_formulas: true });
}

/**
 * The options of a route that hands out a CSV file: the OpenAPI document says what the rows are,
 * and the text goes out as it is (a JSON error body is still serialized).
 */
export function csvDownloadRoute<Config>(config: Config, rowsDescription: string) {
  return {
    config,
    schema: {
      response: {
        200: { description: rowsDescription, content: { 'text/csv': { schema: z.string() } } },
      },
    },
    serializerCompiler: () => (data: unknown) =>
      typeof data === 'string' ? data : JSON.stringify(data),
  };
}

/** Sends CSV text as a download named `fileName`, never cached: it holds the shop's records. */
export function sendCsvDownload(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(csv);
}
