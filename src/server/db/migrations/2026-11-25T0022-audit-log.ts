import { PostgresAdapter, sql } from 'kysely';
import type { Dialect } from '../connect';
import { type AnyDb, addIndex, serialKey } from '../migration-helpers';

const APPEND_ONLY = 'the audit log is append-only';

/**
 * Who changed what, when and from where. The database itself refuses to change
 * or remove an entry, so no code path (and no mistake in one) can rewrite the record an
 * inspector reads.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .$call(serialKey(dialect))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer')
    .addColumn('staff_username', 'text')
    .addColumn('staff_role', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('address', 'text')
    .execute();
  await addIndex(db, 'audit_log', 'audit_log_at', 'at');
  await addIndex(db, 'audit_log', 'audit_log_entity', ['entity', 'at']);
  if (dialect === 'postgres') {
    await sql
      .raw(`CREATE FUNCTION canopy_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION '${APPEND_ONLY}'; END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION canopy_audit_log_append_only()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION canopy_audit_log_append_only()`)
      .execute(db);
  } else {
    for (const event of ['UPDATE', 'DELETE'])
      await sql
        .raw(`CREATE TRIGGER audit_log_no_${event.toLowerCase()} BEFORE ${event} ON audit_log
          BEGIN SELECT RAISE(ABORT, '${APPEND_ONLY}'); END`)
        .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`drop function if exists canopy_audit_log_append_only()`.execute(db);
}
