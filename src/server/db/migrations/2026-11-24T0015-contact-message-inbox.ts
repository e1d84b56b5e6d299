import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/**
 * Contact messages reach the dealer's support inbox. A message is new until the
 * dealer marks it handled (`handled_at`); one sent from a live chat names its session so the
 * inbox can open that conversation.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('handled_at', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('chat_session_id', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('contact_messages').dropColumn('chat_session_id').execute();
  await db.schema.alterTable('contact_messages').dropColumn('handled_at').execute();
}
