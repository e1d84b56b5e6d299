import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createFaultApp, type FaultApp } from '../../../test/server-process';
import { opened } from '../../../test/socket';
import type { Category } from '../../shared/schemas/categories';
import { MAX_BUFFERED_BYTES } from '../realtime/hub';

/**
 * Sockets that stop reading must not hold the server's memory: past the send
 * buffer cap they are cut off, while sockets that read get every update.
 */

const SLOW = 3;
const GOOD = 4;
/** about 256 KB per event, 200 events: 50 MB that a socket that never reads would keep */
const EVENTS = 200;
const CATEGORIES_PER_EVENT = 1200;

interface Reader {
  socket: WebSocket;
  updates: number[];
  /** resolves once the reader has seen update number `n` */
  reached(n: number): Promise<void>;
}

v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Bytes of Buffers still reachable: the server's send queues live in this process too. */
function bufferBytesAfterGc(): number {
  collectGarbage();
  return process.memoryUsage().arrayBuffers;
}

function url(t: FaultApp) {
  return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
}

/** Counts the big updates by their sequence number without parsing 256 KB per message. */
function reader(address: string): Reader {
  const socket = new WebSocket(address);
  const updates: number[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  socket.on('message', (raw) => {
    const text = String(raw);
    const match = /^\{"type":"categories-updated","data":\[\{"id":(\d+),/.exec(text);
    if (!match) return;
    updates.push(Number(match[1]));
    for (const w of [...waiters])
      if (updates.length >= w.n) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  });
  return {
    socket,
    updates,
    reached: (n) =>
      new Promise((resolve) => {
        if (updates.length >= n) resolve();
        else waiters.push({ n, resolve });
      }),
  };
}

function bigCategoryList(sequence: number): Category[] {
  return Array.from({ length: CATEGORIES_PER_EVENT }, (_, i) => ({
    id: sequence,
    name: `Category ${sequence}-${i} with a long enough name to weigh something`,
    slug: `category-${sequence}-${i}`,
    description: 'x'.repeat(120),
    parentId: null,
    sortOrder: i,
  })) as unknown as Category[];
}

describe('13.13 sockets that do not read', () => {
  let t: FaultApp;

  beforeAll(async () => {
    t = await createFaultApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => t?.dispose());

  it('13.13 cuts off non-reading sockets past the buffer cap; memory stays bounded and readers get every update', async () => {
    const good = Array.from({ length: GOOD }, () => reader(url(t)));
    const slow = Array.from({ length: SLOW }, () => reader(url(t)));
    await Promise.all([...good, ...slow].map((r) => opened(r.socket)));
    // Stop reading: the kernel buffers fill, then the server's.
    for (const r of slow) (r.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const slowClosed = slow.map((r) => new Promise((resolve) => r.socket.once('close', resolve)));

    const buffersBefore = bufferBytesAfterGc();
    const eventBytes = Buffer.byteLength(JSON.stringify(bigCategoryList(1)));
    for (let i = 1; i <= EVENTS; i++) {
      t.app.events.publish('categories-updated', bigCategoryList(i));
      await Promise.all(good.map((r) => r.reached(i)));
    }
    const published = eventBytes * EVENTS;
    // Every reader is done: only what the slow sockets still hold can be kept alive.
    const held = bufferBytesAfterGc() - buffersBefore;

    for (const r of good)
      expect(r.updates).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
    expect(good.every((r) => r.socket.readyState === WebSocket.OPEN)).toBe(true);

    // Reading again, each slow socket finds what was sent before the cut, then the close.
    for (const r of slow) (r.socket as unknown as { _socket: { resume(): void } })._socket.resume();
    await Promise.all(slowClosed);
    for (const r of slow) {
      expect(r.updates.length).toBeLessThan(EVENTS);
      expect(r.updates).toEqual(Array.from({ length: r.updates.length }, (_, i) => i + 1));
    }
    // Without the cap the slow sockets' send queues would keep every event's bytes alive.
    expect(published).toBeGreaterThan(40 * 1024 * 1024);
    // With it, each keeps at most its cap plus the message that crossed it (about 17 MB here);
    // the bound leaves room for what the garbage collector has not yet returned on a busy machine.
    expect(SLOW * (MAX_BUFFERED_BYTES + eventBytes)).toBeLessThan(published / 3);
    expect(held).toBeLessThan(published / 2);
    expect(Math.max(...slow.map((r) => r.updates.length)) * eventBytes).toBeLessThan(
      MAX_BUFFERED_BYTES + 16 * 1024 * 1024,
    );
    for (const r of good) r.socket.close();
  }, 120_000);
});

describe('13.13 sockets per client address', () => {
  let t: FaultApp;

  beforeAll(async () => {
    t = await createFaultApp('sqlite', { WS_SOCKETS_PER_ADDRESS: '3' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => t?.dispose());

  function attempt(): Promise<{ socket: WebSocket; status: number }> {
    return new Promise((resolve) => {
      const socket = new WebSocket(url(t));
      socket.on('error', () => {});
      socket.once('open', () => resolve({ socket, status: 101 }));
      socket.once('unexpected-response', (_req, res) => {
        resolve({ socket, status: res.statusCode ?? 0 });
        socket.terminate();
      });
    });
  }

  it('13.13 refuses the socket over the cap with 429 and frees the slot when one closes', async () => {
    const open = [await attempt(), await attempt(), await attempt()];
    expect(open.map((o) => o.status)).toEqual([101, 101, 101]);
    expect((await attempt()).status).toBe(429);

    open[0].socket.close();
    await new Promise((resolve) => open[0].socket.once('close', resolve));
    // The server frees the slot when its side of the connection closes, right after ours.
    let next = await attempt();
    for (let tries = 0; next.status === 429 && tries < 50; tries++) {
      await new Promise((resolve) => setImmediate(resolve));
      next = await attempt();
    }
    expect(next.status).toBe(101);
    for (const o of [...open, next]) o.socket.close();
  });
});
