import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CATALOG_IMPORT_MAX_BYTES, IMPORT_ACTIONS } from '../../../shared/catalog-csv';
import { metrcSettings } from '../../config';
import { published } from '../../events/publish';
import { HttpError, parseInput } from '../../http/errors';
import { csvDownloadRoute, sendCsvDownload } from '../../http/spreadsheet-csv';
import { actorOf } from '../auth/guard';
import { applyCatalogImport, exportCatalogCsv, previewCatalogImport } from './service';

const importQuery = z.object({
  apply: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
});

const csvCellError = z.object({
  line: z.number(),
  column: z.string().nullable(),
  message: z.string(),
});

const importResult = z.object({
  applied: z.boolean(),
  counts: z.object(Object.fromEntries(IMPORT_ACTIONS.map((action) => [action, z.number()]))),
  rows: z.array(
    z.object({
      line: z.number(),
      action: z.enum(IMPORT_ACTIONS),
      id: z.number().nullable(),
      name: z.string(),
      errors: z.array(csvCellError),
    }),
  ),
  errors: z.array(csvCellError),
});

/** The file is the route's own to read (a text/csv body or a multipart file): schemas here document it. */
const documentOnly = () => (data: unknown) => ({ value: data });

const exportRoute = csvDownloadRoute({ staffOnly: true }, 'the catalog, one row per product');

const importRoute = {
  config: { auditedByService: true },
  schema: {
    consumes: ['text/csv', 'multipart/form-data'],
    querystring: importQuery,
    body: z
      .string()
      .describe('the CSV file, as a text/csv body or the one file of a multipart form'),
    // a refused file's problems by line and column, or the query's by path
    response: {
      200: importResult,
      400: z.looseObject({
        error: z.string(),
        code: z.string().optional(),
        errors: z.array(z.looseObject({ message: z.string() })).optional(),
      }),
    },
  },
  validatorCompiler: documentOnly,
};

const MAX_MB = CATALOG_IMPORT_MAX_BYTES / 1024 / 1024;

/** The CSV text of the request: a `text/csv` body, or the first file of a multipart form. */
async function csvText(request: FastifyRequest): Promise<string> {
  if (typeof request.body === 'string') return request.body;
  if (!request.isMultipart()) {
    throw new HttpError(415, {
      error: 'Send the CSV as a text/csv body or as a file in multipart/form-data',
      code: 'CATALOG_IMPORT_NOT_CSV',
    });
  }
  try {
    const file = await request.file();
    if (!file)
      throw new HttpError(400, { error: 'No file uploaded', code: 'CATALOG_IMPORT_NO_FILE' });
    return (await file.toBuffer()).toString('utf8');
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, {
        error: `The file is larger than ${MAX_MB} MB`,
        code: 'CATALOG_IMPORT_TOO_LARGE',
      });
    }
    throw new HttpError(400, {
      error: 'Malformed multipart body',
      code: 'CATALOG_IMPORT_MALFORMED',
    });
  }
}

/**
 * Catalog spreadsheet for the dealer: GET /api/products/export.csv and
 * POST /api/products/import (a preview; `?apply=true` applies it in one transaction).
 */
export async function catalogCsvRoutes(app: FastifyInstance): Promise<void> {
  // Both parsers are scoped to this plugin: no other route accepts CSV or (here) multipart.
  app.addContentTypeParser(
    ['text/csv', 'application/csv'],
    { parseAs: 'string', bodyLimit: CATALOG_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  await app.register(multipart, {
    limits: { fileSize: CATALOG_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.get('/api/products/export.csv', exportRoute, async (_request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return sendCsvDownload(
      reply,
      `canopy-catalog-${day}.csv`,
      await exportCatalogCsv(app.db.kysely),
    );
  });

  app.post('/api/products/import', importRoute, async (request) => {
    const { apply } = parseInput(importQuery, request.query, 'Invalid import options');
    const csv = await csvText(request);
    if (apply === 'false') return previewCatalogImport(app.db, csv);
    const trackAndTrace = metrcSettings(app.config) !== null;
    const outcome = await applyCatalogImport(app.db, csv, actorOf(request), { trackAndTrace });
    return published(app, outcome);
  });
}
