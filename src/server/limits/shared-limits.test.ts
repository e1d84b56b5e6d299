import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../test/orders-fixtures';
import { buildApp } from '../app';
import { connect, type Db } from '../db/connect';

/**
 * Two instances on one PostgreSQL share every budget, so an attack spread over
 * both gets no more than one instance would give it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'limits shared by two instances on PostgreSQL',
  () => {
    let t: TestApp;
    let secondDb: Db;
    let second: FastifyInstance;
    let instances: FastifyInstance[];

    beforeAll(async () => {
      t = await createTestApp('postgres', { env: { ORDER_RATE_LIMIT: '2,3' } });
      const { url, schema } = t.db.postgres!;
      secondDb = connect({ dataDir: t.config.dataDir, databaseUrl: url, pgSchema: schema });
      second = await buildApp({ config: t.config, db: secondDb, logger: false });
      await second.ready();
      instances = [t.app, second];
    });
    afterAll(async () => {
      await second.close();
      await secondDb.close();
      await t.dispose();
    });

    /** The nth request goes to one instance, the next to the other. */
    const spread = (n: number) => instances[n % 2]!;

    /** The status codes of `count` POSTs from one address, spread over both instances. */
    const statusesOf = async (
      count: number,
      request: { url: string; remoteAddress: string; payload: (n: number) => object },
    ) => {
      const answers = [];
      for (let n = 0; n < count; n++)
        answers.push(
          (
            await spread(n).inject({
              method: 'POST',
              url: request.url,
              payload: request.payload(n),
              remoteAddress: request.remoteAddress,
            })
          ).statusCode,
        );
      return answers;
    };

    it('failed logins of one address count on both: the 6th guess is refused', async () => {
      const answers = await statusesOf(6, {
        url: '/api/auth/login',
        payload: (n) => ({ username: 'owner', password: `guess-${n}-password` }),
        remoteAddress: '203.0.113.7',
      });
      expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('contact messages of one address count on both: the 11th is refused', async () => {
      const answers = await statusesOf(11, {
        url: '/api/contact',
        payload: (n) => ({
          name: 'Spam',
          email: 'spam@example.com',
          phone: '555-0100',
          message: `#${n}`,
        }),
        remoteAddress: '203.0.113.8',
      });
      expect(answers.slice(0, 10).every((status) => status < 300)).toBe(true);
      expect(answers[10]).toBe(429);
    });

    it('orders of one address count on both (ORDER_RATE_LIMIT 2,3): the 4th is refused', async () => {
      const products = await productsByName(t.app);
      const body = orderBody(
        [cartLine(products.get('Rolling Papers')!, '1')],
        [...products.values()],
      );
      const answers = await statusesOf(4, {
        url: '/api/orders/simple',
        payload: () => body,
        remoteAddress: '203.0.113.9',
      });
      expect(answers).toEqual([201, 201, 201, 429]);
    });
  },
);
