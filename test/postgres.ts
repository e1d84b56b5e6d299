import pg from 'pg';

/** Runs one statement on its own short-lived connection (creating and dropping test schemas or databases). */
export async function runSql(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
