import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { contactSchema } from '../../../shared/schemas/contact';
import type { Db } from '../../db/connect';
import { nowIso } from '../../db/json';
import type { ContactMessagesTable, Database } from '../../db/schema';
import { busEvent, type Outcome } from '../../events/bus';
import { notFound } from '../../http/errors';
import { type Actor, recordChange, rowBefore } from '../audit/service';
import * as repo from './repo';

type ContactRow = Selectable<ContactMessagesTable>;

function contactMessageOf(row: ContactRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.created_at,
    handledAt: row.handled_at,
    chatSessionId: row.chat_session_id,
  };
}

/** The contact form: stored, and announced to the dealers' inboxes. */
export async function saveContactMessage(
  db: Kysely<Database>,
  message: z.output<typeof contactSchema>,
): Promise<Outcome<void>> {
  const { id } = await repo.insertContactMessage(db, { ...message, created_at: nowIso() });
  const { name, email, phone } = message;
  return {
    value: undefined,
    events: [busEvent('new-customer-contact', { id, name, email, phone })],
  };
}

/** The dealer's inbox: the newest 500 messages. */
export async function listContactMessages(db: Kysely<Database>) {
  const rows = await repo.listContactMessageRows(db, 500);
  return rows.map(contactMessageOf);
}

/** The dealer marks a message handled (or new again); every dealer's inbox follows. */
export async function markContactMessageHandled(
  db: Db,
  id: number,
  handled: boolean,
  actor: Actor,
  now = new Date(),
): Promise<Outcome<ReturnType<typeof contactMessageOf>>> {
  const row = await db.kysely.transaction().execute(async (trx) => {
    const before = await rowBefore(trx, 'contact_messages', id, db.dialect);
    if (!before) throw notFound('Contact message');
    const after = await repo.setContactMessageHandled(trx, id, handled ? now.toISOString() : null);
    const action = handled ? 'marked handled' : 'marked new';
    await recordChange(trx, actor, { action, entity: 'contact_messages', entityId: id, before });
    return after!;
  });
  const message = contactMessageOf(row);
  return {
    value: message,
    events: [busEvent('contact-message-handled', { id, handledAt: message.handledAt })],
  };
}
