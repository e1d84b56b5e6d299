import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDb, type TestDb } from '../../../test/harness';
import { buildApp } from '../app';
import { MAX_MESSAGE_BYTES } from './ws-routes';

describe('13.17 oversized WebSocket frames', () => {
  let db: TestDb;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let wsUrl: string;
  const lines: { level: number; msg: string; err?: unknown; code?: string }[] = [];

  beforeAll(async () => {
    db = await createTestDb('sqlite', { seed: false, env: { LOG_LEVEL: 'warn' } });
    app = await buildApp({
      config: db.config,
      db: db.db,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    wsUrl = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('13.17 closes the socket with 1009 and logs one warn line without a stack', async () => {
    const socket = new WebSocket(wsUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send('x'.repeat(MAX_MESSAGE_BYTES + 1));
    expect(await closed).toBe(1009);
    // ws sends the close frame and emits the error in the same tick, so the line is written by now
    const about = lines.filter((l) => /websocket/i.test(l.msg));
    expect(about).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'oversized websocket frame: socket closed',
        code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
      }),
    ]);
    expect(JSON.stringify(about)).not.toMatch(/stack|RangeError/);
  });
});
