import { z } from 'zod';
import { auditEntryResponse, auditQuerySchema } from '../../../shared/audit';
import { withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { listAudit } from './service';

/** The owner reads the activity log; nothing can change or remove an entry. */
export async function auditRoutes(app: ApiApp): Promise<void> {
  const read = {
    config: { staffOnly: true, permission: 'audit' as const },
    schema: {
      querystring: withSummary(auditQuerySchema, 'Invalid activity filter'),
      response: { 200: z.array(auditEntryResponse) },
    },
  };
  app.get('/api/audit', read, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listAudit(app.db.kysely, request.query);
  });
}
