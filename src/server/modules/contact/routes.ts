import { z } from 'zod';
import { contactMessageResponse } from '../../../shared/api-schemas';
import { contactSchema } from '../../../shared/schemas';
import { HttpError, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { CONTACT_RATE_LIMITED } from './limiter';
import { listContactMessages, saveContactMessage } from './service';

export const CONTACT_THANKS = "Thanks for reaching out! We'll get back to you soon.";

const contactBody = withSummary(contactSchema, 'Please fill out all fields to send your message.');

export async function contactRoutes(app: ApiApp): Promise<void> {
  app.post(
    '/api/contact',
    {
      config: { public: true },
      schema: { body: contactBody, response: { 201: z.object({ message: z.string() }) } },
    },
    async (request, reply) => {
      // one limiter for this form and the chat's contact-info, so neither path skips it
      const wait = app.contactLimiter.take(request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, { ...CONTACT_RATE_LIMITED });
      }
      await saveContactMessage(app.db.kysely, request.body);
      return reply.status(201).send({ message: CONTACT_THANKS });
    },
  );
}

export async function contactInboxRoutes(app: ApiApp): Promise<void> {
  const inbox = {
    config: { dealerOnly: true },
    schema: { response: { 200: z.array(contactMessageResponse) } },
  };
  app.get('/api/contact-messages', inbox, async () => listContactMessages(app.db.kysely));
}
