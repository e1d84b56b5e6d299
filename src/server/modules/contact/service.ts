import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { contactSchema } from '../../../shared/schemas';
import { nowIso } from '../../db/json';
import type { Database } from '../../db/schema';
import * as repo from './repo';

export async function saveContactMessage(
  db: Kysely<Database>,
  message: z.output<typeof contactSchema>,
): Promise<void> {
  await repo.insertContactMessage(db, { ...message, created_at: nowIso() });
}

/** The dealer's inbox: the newest 500 messages. */
export async function listContactMessages(db: Kysely<Database>) {
  const rows = await repo.listContactMessageRows(db, 500);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    createdAt: r.created_at,
  }));
}
