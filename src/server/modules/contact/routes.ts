import type { FastifyInstance } from 'fastify';
import { contactSchema } from '../../../shared/schemas';
import { nowIso } from '../../db/json';
import { parseInput } from '../../http/errors';

export const CONTACT_THANKS = "Thanks for reaching out! We'll get back to you soon.";

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/contact',
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const input = parseInput(contactSchema, request.body, 'Please fill out all fields to send your message.');
      await app.db.kysely
        .insertInto('contact_messages')
        .values({ ...input, created_at: nowIso() })
        .execute();
      return reply.status(201).send({ message: CONTACT_THANKS });
    },
  );
}
