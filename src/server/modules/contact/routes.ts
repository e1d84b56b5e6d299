import type { FastifyInstance } from 'fastify';
import { contactSchema } from '../../../shared/schemas';
import { nowIso } from '../../db/json';
import { parseInput } from '../../http/errors';

export const CONTACT_THANKS = "Thanks for reaching out! We'll get back to you soon.";

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/contact',
    { config: { public: true, rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const input = parseInput(
        contactSchema,
        request.body,
        'Please fill out all fields to send your message.',
      );
      await app.db.kysely
        .insertInto('contact_messages')
        .values({ ...input, created_at: nowIso() })
        .execute();
      return reply.status(201).send({ message: CONTACT_THANKS });
    },
  );
}

export async function contactInboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/contact-messages', { config: { dealerOnly: true } }, async () => {
    const rows = await app.db.kysely
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      message: r.message,
      createdAt: r.created_at,
    }));
  });
}
