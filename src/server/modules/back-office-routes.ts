import type { FastifyInstance } from 'fastify';

/** The dealer's write calls of spec §7 (products, featured, categories, promotions, schedule, settings, media). */
export async function backOfficeRoutes(_app: FastifyInstance): Promise<void> {}
