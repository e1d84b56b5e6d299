import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/**
 * Support can close a chat as spam. `muted_at` is when: the session leaves the
 * inbox and its further messages are dropped.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('chat_sessions').addColumn('muted_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('chat_sessions').dropColumn('muted_at').execute();
}
