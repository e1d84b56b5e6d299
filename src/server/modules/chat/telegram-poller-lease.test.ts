import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { buildApp } from '../../app';
import { connect, type Db } from '../../db/connect';
import { startTelegramBridge } from './telegram-bridge';

/**
 * Every instance may carry the Telegram settings; one of them polls the Bot API at a
 * time (a lease in the database), and another takes over when it stops.
 */
describe.each(BACKENDS)('one Telegram poller among instances on %s', (dialect) => {
  let t: TestApp;
  let otherDb: Db | null = null;
  let other: FastifyInstance;
  let server: Server;
  let base: string;
  /** which bridge asked for updates, in order (each bridge has its own token here) */
  const polls: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    if (dialect === 'postgres') {
      otherDb = connect({
        dataDir: t.config.dataDir,
        databaseUrl: t.db.postgres!.url,
        pgSchema: t.db.postgres!.schema,
      });
      other = await buildApp({
        config: t.config,
        db: otherDb,
        logger: false,
        orderExpiryEveryMs: null,
      });
    } else {
      // one SQLite database has one process: two bridges in it meet the same lease
      other = t.app;
    }
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const token = /^\/bot([^/]+)\//.exec(req.url ?? '')?.[1] ?? '?';
        res.setHeader('content-type', 'application/json');
        if (req.url?.endsWith('/getUpdates')) {
          polls.push(token);
          setTimeout(() => res.end(JSON.stringify({ ok: true, result: [] })), 20);
          return;
        }
        res.end(JSON.stringify({ ok: true, result: { message_id: 1 } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    if (other !== t.app) await other.close();
    await otherDb?.close();
    await t.dispose();
    server.close();
  });

  const bridge = (app: FastifyInstance, token: string) =>
    startTelegramBridge(app, {
      token,
      chatId: '42',
      apiBase: base,
      leaseWaitMs: 20,
      pollTimeoutS: 1,
    });

  it('lets one instance poll, and hands over when it stops', async () => {
    const stopFirst = bridge(t.app, 'first');
    await expect.poll(() => polls.length).toBeGreaterThan(0);
    const stopSecond = bridge(other, 'second');
    const from = polls.length;
    // the second keeps asking for the lease meanwhile: the first holds it
    await expect.poll(() => polls.length, { timeout: 10_000 }).toBeGreaterThan(from + 5);
    expect(new Set(polls)).toEqual(new Set(['first']));

    await stopFirst();
    await expect.poll(() => polls.at(-1), { timeout: 10_000 }).toBe('second');
    const after = polls.length;
    await expect.poll(() => polls.length, { timeout: 10_000 }).toBeGreaterThan(after + 3);
    expect(polls.slice(after)).not.toContain('first');
    await stopSecond();
  });
});
