import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../test/harness';
import {
  auditOrders,
  freshDatabase,
  prepareDatabase,
  readStorefront,
  runBuyers,
  spawnServer,
  stockSnapshot,
} from '../../../test/server-process';
import { openSocket } from '../../../test/socket';

/**
 * A deploy sends SIGTERM while shoppers are checking out: the orders in flight
 * finish, sockets hear 1001, the process exits 0 (close-with-grace exits 1 past
 * SHUTDOWN_TIMEOUT_SECONDS), and the next start serves every acknowledged order.
 */
describe.each(BACKENDS)('graceful shutdown on %s', (backend) => {
  it('18.6 SIGTERM during a checkout burst: exit 0, sockets 1001, no half answer, every 2xx order kept', async () => {
    const fresh = await freshDatabase(backend, process.env.TEST_DATABASE_URL);
    try {
      await prepareDatabase(fresh);
      const db = fresh.open();
      try {
        await db.kysely.updateTable('products').set({ stock: 2000 }).execute();
        const initial = await stockSnapshot(db);
        const env = { ...fresh.env, SEED_DEMO: 'true', SHUTDOWN_TIMEOUT_SECONDS: '10' };

        const server = await spawnServer({ env });
        const store = await readStorefront(server.url);
        const socket = await openSocket(`${server.url.replace('http', 'ws')}/ws`);
        await socket.next((m) => m.type === 'init');

        let exited = false;
        let signalled = false;
        let ackedAfterSignal = 0;
        let flowing: () => void = () => {};
        const ordersFlowing = new Promise<void>((resolve) => {
          let acked = 0;
          flowing = () => {
            acked += 1;
            if (signalled) ackedAfterSignal += 1;
            if (acked === 30) resolve();
          };
        });
        const buying = runBuyers(server.url, store, {
          buyers: 40,
          stop: () => exited,
          onAcknowledged: () => flowing(),
        });
        await ordersFlowing;
        signalled = true;
        await server.kill('SIGTERM');
        exited = true;
        const stats = await buying;

        expect(server.child.exitCode, server.stderr()).toBe(0);
        expect(await socket.closed).toEqual({ code: 1001, reason: 'Server restarting' });
        expect(stats.halfAnswers).toBe(0);
        // orders already in their transaction when the signal came were answered, not cut
        expect(ackedAfterSignal).toBeGreaterThan(0);
        expect([...stats.statuses.keys()].filter((s) => s >= 500 && s !== 503)).toEqual([]);

        const restarted = await spawnServer({ env });
        try {
          const audit = await auditOrders(db, initial, stats.acknowledged);
          expect(audit.lost).toEqual([]);
          expect(audit.unbalanced).toEqual([]);
          expect(audit.storedOrders).toBe(stats.acknowledged.length);
          const mine = await fetch(`${restarted.url}/readyz`);
          expect(mine.status).toBe(200);
        } finally {
          await restarted.kill('SIGTERM');
        }
        expect(restarted.child.exitCode).toBe(0);
      } finally {
        await db.close();
      }
    } finally {
      await fresh.dispose();
    }
  }, 120_000);
});

describe('graceful shutdown timeout', () => {
  it('18.6 a request that outlasts SHUTDOWN_TIMEOUT_SECONDS ends the process with exit code 1', async () => {
    const fresh = await freshDatabase('sqlite');
    try {
      await prepareDatabase(fresh);
      const server = await spawnServer({
        env: { ...fresh.env, SEED_DEMO: 'true', SHUTDOWN_TIMEOUT_SECONDS: '1' },
      });
      // A checkout whose body never comes: "100 Continue" proves the server holds the request.
      const client = net.connect(server.port, '127.0.0.1');
      client.on('error', () => {});
      const continued = new Promise<void>((resolve) =>
        client.on('data', (chunk) => {
          if (chunk.toString().startsWith('HTTP/1.1 100')) resolve();
        }),
      );
      client.write(
        'POST /api/orders/simple HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 100\r\nExpect: 100-continue\r\n\r\n',
      );
      await continued;
      await server.kill('SIGTERM');
      client.destroy();
      expect(server.child.exitCode).toBe(1);
    } finally {
      await fresh.dispose();
    }
  }, 60_000);
});
