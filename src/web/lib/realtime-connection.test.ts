import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeClient } from './realtime-client';

type Connection = typeof import('./realtime-connection');
let connection: Connection;

const fakeClient = (): RealtimeClient & { sent: unknown[] } => {
  const sent: unknown[] = [];
  return {
    sent,
    send: (type, data) => sent.push({ type, data }),
    subscribe: () => () => {},
    close: () => {},
  } as RealtimeClient & { sent: unknown[] };
};

beforeEach(async () => {
  vi.resetModules();
  connection = await import('./realtime-connection');
});

describe('a message sent before the real-time connection started', () => {
  it('asks for the connection at once and is sent when it exists', () => {
    const start = vi.fn();
    connection.onRealtimeStartRequest(start);
    connection.withRealtime((client) => client.send('chat-message', { message: 'hello' }));
    expect(start).toHaveBeenCalledTimes(1);

    const client = fakeClient();
    connection.adoptRealtime(() => client);
    expect(client.sent).toEqual([{ type: 'chat-message', data: { message: 'hello' } }]);
  });

  it('is sent at once, without asking to start, when the connection runs', () => {
    const start = vi.fn();
    connection.onRealtimeStartRequest(start);
    const client = fakeClient();
    connection.adoptRealtime(() => client);
    connection.withRealtime((c) => c.send('chat-message', { message: 'now' }));
    expect(start).not.toHaveBeenCalled();
    expect(client.sent).toHaveLength(1);
  });
});
