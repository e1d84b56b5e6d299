import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../db/migrate';
import { pingDatabase } from './repo';

/** A database that has not answered by then counts as down: a load balancer must not hang. */
const READINESS_TIMEOUT_MS = 2000;

interface NotReady {
  error: string;
  code: 'DATABASE_UNREACHABLE' | 'MIGRATIONS_PENDING';
  pendingMigrations?: string[];
}

const UNREACHABLE: NotReady = {
  error: 'The database does not answer',
  code: 'DATABASE_UNREACHABLE',
};

/** null when ready, otherwise why not */
async function whyNotReady(app: FastifyInstance): Promise<NotReady | null> {
  let pending: string[];
  try {
    await withTimeout(pingDatabase(app.db), READINESS_TIMEOUT_MS);
    pending = await withTimeout(pendingMigrations(app.db), READINESS_TIMEOUT_MS);
  } catch (error) {
    app.log.warn({ err: error }, 'readiness: database unreachable');
    return UNREACHABLE;
  }
  if (pending.length === 0) return null;
  return {
    error: 'The database schema is older than this version of Canopy',
    code: 'MIGRATIONS_PENDING',
    pendingMigrations: pending,
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Liveness (`/healthz`: the process answers, no database) and readiness (`/readyz`:
 * the database answers and its migrations are current). Probes come every few
 * seconds, so they are not logged per request, and no rate limit applies to them.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const probe = { logLevel: 'silent' as const, config: { public: true, rateLimit: false } };

  app.get('/healthz', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const notReady = await whyNotReady(app);
    if (!notReady) return { status: 'ok' };
    return reply.status(503).send({ status: 'unavailable', ...notReady });
  });
}
