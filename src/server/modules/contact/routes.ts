import { z } from 'zod';
import {
  contactMessageResponse,
  contactReceivedResponse,
  contactSchema,
} from '../../../shared/schemas/contact';
import { publish, published } from '../../events/publish';
import { HttpError, idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { actorOf } from '../auth/guard';
import { CONTACT_INCOMPLETE, CONTACT_RATE_LIMITED } from './limiter';
import { listContactMessages, markContactMessageHandled, saveContactMessage } from './service';

export const CONTACT_THANKS = "Thanks for reaching out! We'll get back to you soon.";

const contactBody = withSummary(contactSchema, CONTACT_INCOMPLETE);

export async function contactRoutes(app: ApiApp): Promise<void> {
  app.post(
    '/api/contact',
    {
      config: { public: true },
      schema: { body: contactBody, response: { 201: contactReceivedResponse } },
    },
    async (request, reply) => {
      // one limiter for this form and the chat's contact-info, so neither path skips it
      const wait = await app.contactLimiter.take(request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, { ...CONTACT_RATE_LIMITED });
      }
      publish(app, (await saveContactMessage(app.db.kysely, request.body)).events);
      return reply.status(201).send({ message: CONTACT_THANKS });
    },
  );
}

export async function contactInboxRoutes(app: ApiApp): Promise<void> {
  const inbox = {
    config: { staffOnly: true, permission: 'support' as const },
    schema: { response: { 200: z.array(contactMessageResponse) } },
  };
  app.get('/api/contact-messages', inbox, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listContactMessages(app.db.kysely);
  });

  const handledSchema = {
    params: withSummary(idParams, 'Invalid contact message id'),
    body: z.object({ handled: z.boolean() }),
    response: { 200: contactMessageResponse },
  };
  app.patch(
    '/api/contact-messages/:id',
    { config: { permission: 'support' as const, auditedByService: true }, schema: handledSchema },
    async (request) => {
      const { id } = request.params;
      const { handled } = request.body;
      return published(app, await markContactMessageHandled(app.db, id, handled, actorOf(request)));
    },
  );
}
