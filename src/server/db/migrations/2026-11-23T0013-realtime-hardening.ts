import type { Dialect } from '../connect';
import { type AnyDb, addIndex } from '../migration-helpers';

/**
 * A shopper's chat sessions are looked up by their owner, and events
 * too large for one PostgreSQL NOTIFY travel through a table (PostgreSQL only).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await addIndex(db, 'chat_sessions', 'chat_sessions_shopper_idx', ['shopper_id', 'created_at']);
  if (dialect === 'postgres') {
    await db.schema
      .createTable('bus_payloads')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('bus_payloads').ifExists().execute();
  await db.schema.dropIndex('chat_sessions_shopper_idx').ifExists().execute();
}
