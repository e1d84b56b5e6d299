import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createFaultApp, type FaultApp, sleep } from '../../../test/server-process';
import { opened } from '../../../test/socket';
import type { Product } from '../../shared/schemas/products';
import { ensureDealer } from '../modules/auth/service';
import { MAX_MESSAGE_BYTES } from '../realtime/ws-routes';

/**
 * 200 hostile sockets send garbage, oversized frames and floods while 100
 * well-behaved sockets wait for product updates: the good ones miss nothing.
 */

const DEALER = { username: 'ws-dealer', password: 'a-long-ws-password' };
const GOOD = 100;
const HOSTILE = 200;
const UPDATES = 50;

interface Listener {
  socket: WebSocket;
  stocks: number[];
  init: Promise<void>;
}

describe('hostile real-time clients', () => {
  let t: FaultApp;
  let wsUrl: string;
  let cookie: string;

  beforeAll(async () => {
    // Every socket here comes from 127.0.0.1: the per-address cap (tested in backpressure.test.ts) is off.
    t = await createFaultApp('sqlite', { WS_SOCKETS_PER_ADDRESS: 'off' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    wsUrl = `ws://127.0.0.1:${port}/ws`;
    await ensureDealer(t.db.kysely, DEALER.username, DEALER.password);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEALER });
    cookie = `canopy_dealer=${login.cookies.find((c) => c.name === 'canopy_dealer')!.value}`;
  }, 60_000);
  afterAll(() => t?.dispose());

  it(`delivers all ${UPDATES} updates to ${GOOD} good sockets while ${HOSTILE} misbehave`, async () => {
    const product = (await t.app.inject('/api/products')).json<Product[]>()[0];

    const good: Listener[] = [];
    for (let i = 0; i < GOOD; i++) {
      // Listen before the socket opens: init may arrive in the same packet as the upgrade.
      const socket = new WebSocket(wsUrl);
      const stocks: number[] = [];
      const init = new Promise<void>((resolve) => {
        socket.on('message', (raw) => {
          const message = JSON.parse(String(raw)) as { type: string; data: Product };
          if (message.type === 'init') resolve();
          if (message.type === 'product-updated' && message.data.id === product.id)
            stocks.push(message.data.stock);
        });
      });
      good.push({ socket, stocks, init });
    }
    await Promise.all(good.map((g) => g.init));

    const hostile = Array.from({ length: HOSTILE }, () => new WebSocket(wsUrl));
    const closes = hostile.map(
      (socket) =>
        new Promise<number>((resolve) => {
          socket.on('error', () => {});
          socket.once('close', (code) => resolve(code));
        }),
    );
    await Promise.all(hostile.map((socket) => opened(socket)));
    const big = 'x'.repeat(MAX_MESSAGE_BYTES + 1024);
    const attack = async (socket: WebSocket, kind: number) => {
      const send = (data: string | Buffer) => {
        if (socket.readyState === WebSocket.OPEN) socket.send(data);
      };
      for (let round = 0; round < 10; round++) {
        switch (kind % 6) {
          case 0: // garbage text
            send('{{{ not json');
            send('\u0000\uFFFF'.repeat(100));
            break;
          case 1: // oversized frame: closed with 1009
            send(big);
            break;
          case 2: // flood: closed with 1008
            for (let i = 0; i < 200; i++) send('{"type":"sync-products"}');
            break;
          case 3: // binary junk and wrong shapes
            send(Buffer.from([0xff, 0xfe, 0x00, 0x01]));
            send(JSON.stringify({ type: 'x'.repeat(1000), data: null }));
            send(JSON.stringify({ type: 'support-response', data: { sessionId: 1 } }));
            break;
          case 4: // deep JSON
            send(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
            send(JSON.stringify({ type: 'restore-session', data: { sessionId: '../../x' } }));
            break;
          default: // dealer-only and chat messages without rights
            send(JSON.stringify({ type: 'dealer-response', data: { message: 'hi' } }));
            send(JSON.stringify({ type: 'new-chat-message', data: { message: 'x' } }));
        }
        await sleep(5);
      }
    };
    const attacks = hostile.map((socket, i) => attack(socket, i));

    for (let i = 1; i <= UPDATES; i++) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/products/${product.id}`,
        payload: { stock: 1000 + i },
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await Promise.all(attacks);

    const expected = Array.from({ length: UPDATES }, (_, i) => 1001 + i);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && good.some((g) => g.stocks.length < UPDATES)) await sleep(50);
    for (const g of good) expect(g.stocks).toEqual(expected);
    expect(good.every((g) => g.socket.readyState === WebSocket.OPEN)).toBe(true);

    // Floods and oversized frames were cut off.
    for (const socket of hostile) socket.terminate();
    const codes = await Promise.all(closes);
    expect(codes.filter((c) => c === 1009).length).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 1008).length).toBeGreaterThan(0);

    expect((await t.app.inject('/api/products')).statusCode).toBe(200);
    for (const g of good) g.socket.close();
  }, 120_000);
});
