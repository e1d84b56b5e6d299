/**
 * A duty one instance holds at a time (the Telegram poller), for a while: the
 * holder renews its lease before it runs out; when it dies another takes the lease over.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

export const TELEGRAM_POLLER_LEASE = 'telegram-poller';

/**
 * Takes (or keeps) the named lease for `holder` until `until`, when nobody else holds it past
 * `now`. One statement on both databases: the row's primary key makes two takers wait for each
 * other, and only one of them finds the lease free.
 */
export async function takeLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  now: string,
  until: string,
): Promise<boolean> {
  const { rows } = await sql<{ holder: string }>`
    insert into worker_leases (name, holder, until) values (${name}, ${holder}, ${until})
    on conflict (name) do update set holder = excluded.holder, until = excluded.until
      where worker_leases.holder = excluded.holder or worker_leases.until < ${now}
    returning holder`.execute(db);
  return rows[0]?.holder === holder;
}

export function dropLease(db: Kysely<Database>, name: string, holder: string) {
  return db
    .deleteFrom('worker_leases')
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
