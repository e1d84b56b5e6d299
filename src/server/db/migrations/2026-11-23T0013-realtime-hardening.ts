import type { Kysely } from 'kysely';
import type { Dialect } from '../connect';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema type
type AnyDb = Kysely<any>;

/**
 * Issue 13: a shopper's chat sessions are looked up by their owner, and events
 * too large for one PostgreSQL NOTIFY travel through a table (PostgreSQL only).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('chat_sessions_shopper_idx')
    .on('chat_sessions')
    .columns(['shopper_id', 'created_at'])
    .execute();
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
